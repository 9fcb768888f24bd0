internal import CSodium

/// The libsodium that is linked in, for `dodo --version`: a static binary carries its own
/// copy, so a security update needs a rebuild, and the version says which one it has.
package enum LibSodium {
  /// `1.0.18`, as `sodium_version_string` gives it (no initialization needed).
  package static var version: String { String(cString: sodium_version_string()) }
}
