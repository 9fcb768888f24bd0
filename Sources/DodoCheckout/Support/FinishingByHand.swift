extension ReturnURL {
  /// How to finish a checkout that no browser here shows, once its URL is open in a browser
  /// on any machine: bring the return back to this one. A loopback return needs its port
  /// forwarded first (the browser elsewhere cannot reach this machine's loopback); else the
  /// address the browser ended on is pasted here (when `pasting`) or handed to
  /// `dodo handle-url`.
  package func finishingByHand(pasting: Bool) -> String {
    if let loopback {
      let host = loopback.host.contains(":") ? "[\(loopback.host)]" : loopback.host
      return
        "from another machine, forward the return port first: ssh -L \(loopback.port):\(host):\(loopback.port) THIS-HOST"
        + (pasting ? ", or paste here the address the browser ended on" : "")
    }
    return pasting
      ? "when it is finished, paste here the address the browser ended on (or run 'dodo handle-url ADDRESS')"
      : "when it is finished, run 'dodo handle-url ADDRESS' here with the address the browser ended on"
  }
}
