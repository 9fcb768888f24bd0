/// What tells this machine apart, for the default name of a license activation.
package enum MachineIdentity {
  /// The host name, `localhost` when the system gives none.
  package static func hostName() -> String { Syscalls.hostName() ?? "localhost" }

  /// The bytes of `/etc/machine-id` (systemd's, on most Linux systems), or `nil` when there is
  /// none or it cannot be read: the caller falls back to the host name alone rather than fail
  /// an activation over it.
  package static func machineID(path: String = "/etc/machine-id") -> [UInt8]? {
    guard let file = try? SmallFile.read(path, limit: 4096) else { return nil }
    return file.bytes
  }
}
