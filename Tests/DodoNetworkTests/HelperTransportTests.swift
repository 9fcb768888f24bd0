import DodoAccount
import DodoNetwork
import Testing

/// Where `dodo` looks for its HTTPS helper, and what the helper gets from its environment.
@Suite struct HelperTransportTests {
  @Test func theHelperIsLookedForBesideDodoAndInLibexec() {
    #expect(
      HelperTransport.candidates(forExecutable: "/opt/dodo/bin/dodo") == [
        "/opt/dodo/bin/dodo-https", "/opt/dodo/bin/../libexec/dodo/dodo-https",
      ])
    let error = #expect(throws: TransportError.self) {
      try HelperTransport(environment: [:], helperPath: nil).locateAmong(["/nonexistent/a", "/nonexistent/b"])
    }
    #expect(error?.kind == .unavailable)
    #expect(error?.message.contains("/nonexistent/a and /nonexistent/b") == true)
    // `swift run dodo` builds no helper: the message says how to build one in a checkout.
    #expect(error?.message.hasSuffix("swift build --product dodo-https") == true, "\(error?.message ?? "")")
  }

  @Test func theHelperGetsNeitherTheKeyNorAnyOtherSecretInItsEnvironment() {
    let environment = HelperTransport.helperEnvironment([
      "DODO_PAYMENTS_API_KEY": "sk_secret", "DODO_PAYMENTS_WEBHOOK_KEY": "whsec_secret", "SSL_CERT_FILE": "/ca.pem",
      "PATH": "/bin", "https_proxy": "http://proxy:3128",
    ])
    #expect(environment == ["SSL_CERT_FILE": "/ca.pem", "https_proxy": "http://proxy:3128"])
  }
}
