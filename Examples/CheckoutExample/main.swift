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
  // The license keys bought, activated on this machine (no API key needed; see DodoLicense).
  for key in result.status == .succeeded ? result.licenseKeys ?? [] : [] {
    do {
      let activation = try await DodoLicense(appId: "com.example.checkout").activate(licenseKey: key)
      print("license \(activation.maskedKey): activated (\(activation.instanceId))")
    } catch .refused(let reason, _) {
      FileHandle.standardError.write(Data("license \(LicenseKey.masked(key)) refused: \(reason.rawValue)\n".utf8))
    } catch {
      FileHandle.standardError.write(
        Data("license \(LicenseKey.masked(key)) not activated now: try again later\n".utf8))
    }
  }
  if result.status == .cancelled || result.status == .pending, let abandoned = DodoCheckout.getAbandonedSession() {
    print("abandoned session: \(abandoned.sessionId) (ask your backend for its outcome)")
  }
} catch {
  FileHandle.standardError.write(Data("checkout failed: \(error.message) (\(error.code.rawValue))\n".utf8))
  exit(1)
}
