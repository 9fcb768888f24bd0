// dodo-checkout-example CHECKOUT_URL RETURN_URL
//
// Runs one checkout with the DodoCheckoutDesktop library and prints its result: how a Swift
// program on the desktop uses the iOS SDK's calls. Built by `swift build`; not installed.
import DodoCheckoutDesktop
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 3, let checkoutUrl = URL(string: arguments[1]), let returnUrl = URL(string: arguments[2])
else {
  FileHandle.standardError.write(Data("usage: dodo-checkout-example CHECKOUT_URL RETURN_URL\n".utf8))
  exit(2)
}

do {
  let result = try await DodoCheckout.start(
    checkoutUrl: checkoutUrl, returnUrl: returnUrl,
    onEvent: { event in FileHandle.standardError.write(Data("\(event.name)\n".utf8)) })
  print("status: \(result.status.rawValue)")
  if let paymentId = result.paymentId { print("paymentId: \(paymentId)") }
  if result.status == .cancelled || result.status == .pending, let abandoned = DodoCheckout.getAbandonedSession() {
    print("abandoned session: \(abandoned.sessionId) (ask your backend for its outcome)")
  }
} catch {
  FileHandle.standardError.write(Data("checkout failed: \(error.message) (\(error.code.rawValue))\n".utf8))
  exit(1)
}
