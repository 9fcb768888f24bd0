import DodoAccount
import DodoCheckoutDesktop
import Foundation
import Testing

/// Dodo's API in memory for the library's confirmation.
final class ScriptedAPI: HTTPTransport, @unchecked Sendable {
  let answers: [String: (Int, String)]
  private let lock = NSLock()
  private(set) var paths: [String] = []

  init(_ answers: [String: (Int, String)]) { self.answers = answers }

  func send(_ request: HTTPRequest) throws(TransportError) -> HTTPResponse {
    let path = String(request.url.dropFirst("https://test.dodopayments.com".count))
    lock.lock()
    paths.append(path)
    lock.unlock()
    guard request.headers.contains(HTTPHeader("Authorization", "Bearer sk_test_lib")) else {
      return HTTPResponse(status: 401)
    }
    let (status, body) = answers[path] ?? (404, #"{"message":"not found"}"#)
    return HTTPResponse(status: status, body: Array(body.utf8))
  }
}

@Suite struct LibraryConfirmTests {
  let checkoutUrl = URL(string: "https://test.checkout.dodopayments.com/session/cks_1")!
  let api = ScriptedAPI([
    "/checkouts/cks_1": (200, #"{"id":"cks_1","payment_id":"pay_real","payment_status":"failed"}"#),
    "/payments/pay_real": (
      200,
      #"{"payment_id":"pay_real","status":"failed","total_amount":500,"currency":"EUR","error_code":"insufficient_funds","error_message":"Not enough"}"#
    ),
  ])

  @Test func aForgedSuccessIsAMismatchAndTheSessionsPaymentIsAsked() async throws {
    let forged = CheckoutResult(status: .succeeded, paymentId: "pay_forged")
    let report = try await DodoCheckout.confirm(forged, checkoutUrl: checkoutUrl, apiKey: "sk_test_lib", transport: api)
    #expect(report.verdict == .mismatch)
    #expect(report.confirmation?.status == .failed)
    #expect(report.confirmation?.paymentId == "pay_real")
    #expect(report.confirmation?.errorCode == "insufficient_funds")
    #expect(report.reason?.contains("the return URL says succeeded, Dodo says failed") == true)
    #expect(api.paths == ["/checkouts/cks_1", "/payments/pay_real"])
  }

  @Test func aMatchingResultIsConfirmed() async throws {
    let report = try await DodoCheckout.confirm(
      CheckoutResult(status: .failed), checkoutUrl: checkoutUrl, apiKey: "sk_test_lib", transport: api)
    #expect(report.verdict == .confirmed)
  }

  @Test func aRefusedKeyThrowsWithItsStatus() async {
    do {
      _ = try await DodoCheckout.confirm(
        CheckoutResult(status: .succeeded), checkoutUrl: checkoutUrl, apiKey: "sk_live_wrong", transport: api)
      Issue.record("no error")
    } catch {
      #expect(error.httpStatus == 401)
      #expect(error.message.contains("the key is refused"))
      #expect(!error.message.contains("sk_live_wrong"))
    }
  }

  @Test func anUnknownSessionIsUnconfirmed() async throws {
    let report = try await DodoCheckout.confirm(
      .cancelled, checkoutUrl: URL(string: "https://test.checkout.dodopayments.com/session/cks_gone")!,
      apiKey: "sk_test_lib", transport: api)
    #expect(report.verdict == .unconfirmed)
    #expect(report.reason?.hasPrefix("not found") == true)
  }
}
