/// Values that unit tests and end-to-end tests both use, in one place.
package enum Fixtures {
  /// A webhook signing secret as Dodo shows it: `whsec_` and the base64 of the key
  /// (`secret-key-bytes`).
  package static let webhookSecret = "whsec_c2VjcmV0LWtleS1ieXRlcw=="
}
