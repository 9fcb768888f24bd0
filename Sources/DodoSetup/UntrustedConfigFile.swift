/// Why a config file was not trusted; its text follows "cannot read the file: ".
package struct UntrustedConfigFile: Error, CustomStringConvertible {
  package enum Reason {
    case owner(UInt32)
    case writableByOthers(UInt32, path: String)
    case directoryOwner(UInt32, path: String)
    case directoryWritableByOthers(UInt32, path: String)
  }

  package var reason: Reason

  package var description: String {
    switch reason {
    case .owner(let uid):
      "it belongs to another user (uid \(uid)); dodo runs the browser command a config file names, so it reads only your own files and root's"
    case .writableByOthers(let mode, let path):
      "it is writable by its group or by other users (mode \(String(mode, radix: 8))); dodo runs the browser command a config file names: chmod go-w \(path)"
    case .directoryOwner(let uid, let path):
      "its directory \(path) belongs to another user (uid \(uid)), who could replace it; dodo reads only config files in your own directories and root's"
    case .directoryWritableByOthers(let mode, let path):
      "its directory \(path) is writable by its group or by other users (mode \(String(mode, radix: 8))), who could replace it; dodo runs the browser command a config file names: chmod go-w \(path)"
    }
  }
}
