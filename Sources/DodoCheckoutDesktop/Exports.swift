// What `import DodoCheckoutDesktop` brings besides the calls declared in this module: the iOS
// SDK's types from the core, and the types that confirmation and licenses return from the
// account side, one declaration each. Whole-module re-exports would bring the core's URL
// reader and flow, the API client, the transport and the helper's wire format along with them.
//
// The core module is also named `DodoCheckout`. In the importing program this module's type
// `DodoCheckout` wins over that module name (a type shadows a module in unqualified lookup),
// so `DodoCheckout.start(...)` reads exactly as it does with the iOS SDK; such a program
// writes `CheckoutResult`, as the SDK's documentation does, never `DodoCheckout.CheckoutResult`.

// From the account side: what `DodoCheckout.confirm` returns (the report, its confirmation
// and verdict) and throws, what `DodoLicense` returns and throws, and how a license key is
// checked and shown.
@_exported import struct DodoAccount.Confirmation
@_exported import struct DodoAccount.ConfirmationReport
@_exported import struct DodoAccount.DodoAPIError
@_exported import enum DodoAccount.LicenseKey
@_exported import struct DodoAccount.LicenseRecord
@_exported import enum DodoAccount.LicenseRefusal
@_exported import enum DodoAccount.Verdict
// From the core: the iOS SDK's types and what their members name (`QueryParameter`), and
// `APIMode`, test or live, for `confirm` and `DodoLicense.activate`.
@_exported import enum DodoCheckout.APIMode
@_exported import struct DodoCheckout.AbandonedSession
@_exported import struct DodoCheckout.BrowserCustomization
@_exported import struct DodoCheckout.CheckoutError
@_exported import enum DodoCheckout.CheckoutEvent
@_exported import struct DodoCheckout.CheckoutResult
@_exported import enum DodoCheckout.CheckoutStatus
@_exported import struct DodoCheckout.QueryParameter
