import DodoCheckout

extension ReturnState {
  /// `returnURL` with a fresh `state` of 16 random bytes from the kernel when it has no query
  /// of its own (`isNeeded`), else as given: each `dodo start --product` run gets its own.
  package static func addingFresh(to returnURL: String) throws(PlatformError) -> String {
    guard isNeeded(returnURL) else { return returnURL }
    let bytes: [UInt8]
    do throws(SystemError) { bytes = try Syscalls.randomBytes(16) } catch {
      throw PlatformError("cannot make a random state: \(error)")
    }
    return adding(to: returnURL, random: bytes)
  }
}
