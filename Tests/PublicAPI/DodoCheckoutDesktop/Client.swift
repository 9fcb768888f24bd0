// A program that imports DodoCheckoutDesktop and nothing of dodo's else: it must compile
// (scripts/public-api --check typechecks it), so every call and type of the product's surface
// is used and named here once. Never run.
import DodoCheckoutDesktop
import Foundation

func checkout(_ checkoutUrl: URL, returnUrl: URL, apiKey: String) async throws {
  let customization = BrowserCustomization(
    dismissButtonStyle: BrowserCustomization.DismissButtonStyle.close,
    presentationStyle: BrowserCustomization.PresentationStyle.fullScreen, barCollapsingEnabled: true,
    colorScheme: BrowserCustomization.ColorScheme.dark)
  do {
    let result: CheckoutResult = try await DodoCheckout.start(
      checkoutUrl: checkoutUrl, returnUrl: returnUrl, customization: customization,
      onEvent: { (event: CheckoutEvent) in print(event.name) })
    let status: CheckoutStatus = result.status
    let parameters: [QueryParameter] = result.parameters
    print(status, result.paymentId ?? "", result.subscriptionId ?? "", result.licenseKeys ?? [], result.raw, parameters)
    let report: ConfirmationReport = try await DodoCheckout.confirm(
      result, checkoutUrl: checkoutUrl, apiKey: apiKey, mode: APIMode.test)
    let verdict: Verdict = report.verdict
    let confirmation: Confirmation? = report.confirmation
    print(verdict, confirmation?.status ?? .pending, report.reason ?? "")
  } catch let error as CheckoutError {
    let code: CheckoutError.Code = error.code
    print(code.rawValue, error.message)
  } catch let error as DodoAPIError {
    print(error.httpStatus ?? 0, error.message)
  }
  let claimed: Bool = DodoCheckout.handleOpenURL(returnUrl)
  if !claimed, let abandoned: AbandonedSession = DodoCheckout.getAbandonedSession() {
    print(abandoned.sessionId, abandoned.createdAt)
    DodoCheckout.clearAbandonedSession()
  }
}

func license(key: String) async {
  let license = DodoLicense(appId: "com.example.app")
  do {
    let record: LicenseRecord = try await license.activate(licenseKey: key, name: nil, mode: .test)
    print(record.maskedKey, record.instanceId)
    switch try await license.validate(licenseKey: key, graceDays: 7) {
    case DodoLicense.Validity.valid: print("valid")
    case .offline(let graceEnds): print(graceEnds)
    case .invalid(let refusal):
      let refusal: LicenseRefusal = refusal
      print(refusal.rawValue)
    }
    print(try await license.stored().count)
    try await license.deactivate(licenseKey: key)
  } catch {
    let error: DodoLicenseError = error
    print(error, LicenseKey.masked(key))
  }
}
