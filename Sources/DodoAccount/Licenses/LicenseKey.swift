/// What `dodo` accepts as a license key, and how it shows one.
public enum LicenseKey {
  /// The longest key accepted; Dodo's keys are far shorter.
  public static let maximumLength = 80

  /// Why `key` cannot be a license key, or `nil` when it can: not empty, at most
  /// `maximumLength` characters, printable ASCII without spaces (a key pasted with a line
  /// end, or with a control character that would act on a terminal, is refused, not sent).
  public static func problem(with key: String) -> String? {
    if key.isEmpty { return "the license key is empty" }
    if key.utf8.count > maximumLength { return "the license key is longer than \(maximumLength) characters" }
    guard key.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
      return "the license key holds a space, a control character or a non-ASCII character"
    }
    return nil
  }

  /// `ABCD…WXYZ`: the first and last four characters, never the whole key. A key shorter
  /// than 16 characters shows at most a quarter of itself at each end, so that at least half
  /// of every key stays hidden.
  public static func masked(_ key: String) -> String {
    let shown = min(4, key.count / 4)
    return String(key.prefix(shown)) + "…" + String(key.suffix(shown))
  }
}

/// The name an activation gets when none is given: the host name and a short machine tag.
public enum LicenseInstanceName {
  /// `hostname (1a2b3c4d)`: the first 4 bytes, in lower-case hex, of HMAC-SHA256 keyed with
  /// the ASCII text `dodo license ` and the app id, over the first line of `/etc/machine-id`
  /// without its newline. The tag tells two machines of one name apart without handing Dodo
  /// the raw machine id (which is meant to stay on the machine), and differs per app, so two
  /// apps' activations cannot be linked by it. No machine id (or an empty one): the host name
  /// alone.
  public static func `default`(hostName: String, machineID: [UInt8]?, appId: String) -> String {
    let line = machineID.map { $0.prefix { $0 != UInt8(ascii: "\n") } } ?? []
    guard !line.isEmpty else { return hostName }
    let mac = Sodium.hmacSHA256(key: Array("dodo license \(appId)".utf8), [ArraySlice(line)])
    let hex = mac.prefix(4).map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    return "\(hostName) (\(hex))"
  }
}
