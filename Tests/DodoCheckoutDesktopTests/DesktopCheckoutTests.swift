import DodoCheckout
import DodoPlatform
import DodoTestSupport
import Foundation
import Testing

@testable import DodoCheckoutDesktop

/// A checkout in temporary directories, "navigated" by a presenter instead of a browser.
final class Sandbox: Sendable {
  static let checkoutURL = "https://test.checkout.dodopayments.com/session/cks_123"
  static let returnURL = "myapp://checkout/return"

  private let directory = TemporaryDirectory()
  var path: String { directory.path }
  var runtime: String { path + "/run" }
  var state: String { path + "/state" }

  /// The checkout, with `navigate` (the query the "browser" returns with; `nil`: it never does).
  func checkout(navigate query: String?) -> DesktopCheckout {
    let runtime = runtime
    return DesktopCheckout(
      environment: ["DODO_RUNTIME_DIR": runtime, "DODO_STATE_DIR": state, "HOME": path],
      presenter: { _ in NavigatingPresenter(url: query.map { "\(Self.returnURL)?\($0)" }, runtimeDirectory: runtime) })
  }

  var record: AbandonedSession? {
    guard let directory = try? PrivateDirectory.open(state, create: false) else { return nil }
    return try? AbandonedSessionFile(stateDirectory: directory).load()
  }
}

/// Presents by handing the return URL over the return channel from another thread, as the
/// system does when the browser reaches a custom-scheme URL.
final class NavigatingPresenter: CheckoutPresenter {
  let url: String?
  let runtimeDirectory: String

  init(url: String?, runtimeDirectory: String) {
    self.url = url
    self.runtimeDirectory = runtimeDirectory
  }

  func present(_ checkout: CheckoutURL, customization: BrowserCustomization) throws(PresentationFailure) {
    guard let url else { return }
    let runtimeDirectory = runtimeDirectory
    Thread { _ = try? ReturnChannelClient.send(url, runtimeDirectory: runtimeDirectory) }.start()
  }

  func close() {}
}

/// The events of one checkout, to wait for as they come.
struct Events: Sendable {
  let stream: AsyncStream<CheckoutEvent>
  let report: @Sendable (CheckoutEvent) -> Void

  init() {
    let (stream, continuation) = AsyncStream<CheckoutEvent>.makeStream()
    self.stream = stream
    report = { continuation.yield($0) }
  }

  func opened() async { _ = await stream.first { $0 == .opened } }
}

@Suite("DodoCheckoutDesktop")
struct DesktopCheckoutTests {
  func start(_ checkout: DesktopCheckout, events: Events = Events()) async throws(CheckoutError) -> CheckoutResult {
    try await checkout.start(
      checkoutURL: Sandbox.checkoutURL, returnURL: Sandbox.returnURL, customization: BrowserCustomization(),
      onEvent: events.report)
  }

  @Test("a return to the return URL is the result; opened, returnReceived and closed are reported")
  func succeeded() async throws {
    let sandbox = Sandbox()
    let events = Events()
    let result = try await start(sandbox.checkout(navigate: "status=succeeded&payment_id=pay_1"), events: events)
    #expect(result.status == .succeeded)
    #expect(result.paymentId == "pay_1")
    #expect(sandbox.record == nil)
    var seen: [CheckoutEvent] = []
    for await event in events.stream {
      seen.append(event)
      if event == .closed { break }
    }
    #expect(seen == [.opened, .returnReceived, .closed])
  }

  @Test(
    "the record is kept after pending and cleared after failed and expired",
    arguments: [
      ("pending", true), ("failed", false), ("expired", false),
    ])
  func record(status: String, kept: Bool) async throws {
    let sandbox = Sandbox()
    let result = try await start(sandbox.checkout(navigate: "status=\(status)&payment_id=pay_1"))
    #expect(result.status.rawValue == status)
    #expect((sandbox.record?.sessionId == "cks_123") == kept)
    #expect((sandbox.record == nil) == !kept)
  }

  @Test("cancelling the calling task ends the checkout as cancelled and keeps the record")
  func cancelled() async throws {
    let sandbox = Sandbox()
    let events = Events()
    let checkout = sandbox.checkout(navigate: nil)
    let task = Task { try await start(checkout, events: events) }
    await events.opened()
    task.cancel()
    #expect(try await task.value == .cancelled)
    #expect(sandbox.record?.sessionId == "cks_123")
    #expect(!FileManager.default.fileExists(atPath: sandbox.runtime + "/return.sock"))
  }

  @Test("a task cancelled before the call opens nothing and records nothing")
  func cancelledBefore() async throws {
    let sandbox = Sandbox()
    let checkout = sandbox.checkout(navigate: "status=succeeded")
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await start(checkout)
    }
    #expect(try await task.value == .cancelled)
    #expect(sandbox.record == nil)
  }

  @Test("a second start while one runs is alreadyInProgress, and leaves the first one running")
  func alreadyInProgress() async throws {
    let sandbox = Sandbox()
    let events = Events()
    let checkout = sandbox.checkout(navigate: nil)
    let first = Task { try await start(checkout, events: events) }
    await events.opened()
    await #expect(throws: CheckoutError.alreadyInProgress) {
      try await start(sandbox.checkout(navigate: "status=succeeded"))
    }
    #expect(checkout.handleOpenURL("\(Sandbox.returnURL)?status=failed"))
    #expect(try await first.value.status == .failed)
  }

  @Test("handleOpenURL takes only the running checkout's return URL")
  func handleOpenURL() async throws {
    let sandbox = Sandbox()
    let events = Events()
    let checkout = sandbox.checkout(navigate: nil)
    #expect(!checkout.handleOpenURL("\(Sandbox.returnURL)?status=succeeded"))
    let task = Task { try await start(checkout, events: events) }
    await events.opened()
    #expect(!checkout.handleOpenURL("myapp://checkout/other?status=succeeded"))
    #expect(!checkout.handleOpenURL("https://example.com/"))
    #expect(checkout.handleOpenURL("\(Sandbox.returnURL)?status=succeeded&payment_id=pay_9"))
    #expect(try await task.value.paymentId == "pay_9")
    #expect(!checkout.handleOpenURL("\(Sandbox.returnURL)?status=succeeded"))
  }

  @Test("called from the main actor, the wait leaves the main actor free")
  @MainActor
  func mainActor() async throws {
    let sandbox = Sandbox()
    let events = Events()
    let checkout = sandbox.checkout(navigate: nil)
    let task = Task { @MainActor in try await start(checkout, events: events) }
    await events.opened()
    var ran = false
    await MainActor.run { ran = true }
    #expect(ran)
    #expect(checkout.handleOpenURL("\(Sandbox.returnURL)?status=expired"))
    #expect(try await task.value.status == .expired)
  }

  @Test("bad URLs are errors before any directory is made")
  func invalidURLs() async throws {
    let sandbox = Sandbox()
    let checkout = sandbox.checkout(navigate: nil)
    await #expect(throws: CheckoutError.self) {
      try await checkout.start(
        checkoutURL: "https://example.com/x", returnURL: Sandbox.returnURL, customization: .init(), onEvent: { _ in })
    }
    let error = await #expect(throws: CheckoutError.self) {
      try await checkout.start(
        checkoutURL: Sandbox.checkoutURL, returnURL: "not a url", customization: .init(), onEvent: { _ in })
    }
    #expect(error?.code == .invalidReturnUrl)
    // A loopback return URL with no port: nothing could ever be served there, so the
    // checkout would wait forever; refused as dodo start refuses it.
    let portless = await #expect(throws: CheckoutError.self) {
      try await checkout.start(
        checkoutURL: Sandbox.checkoutURL, returnURL: "http://127.0.0.1/return", customization: .init(),
        onEvent: { _ in })
    }
    #expect(portless?.code == .invalidReturnUrl)
    #expect(!FileManager.default.fileExists(atPath: sandbox.runtime))
  }

  @Test("the abandoned record is read and cleared where dodo keeps it; no state directory is no record")
  func abandoned() throws {
    let sandbox = Sandbox()
    let checkout = sandbox.checkout(navigate: nil)
    #expect(try checkout.abandonedSessionStore() == nil)
    try AbandonedSessionFile(
      stateDirectory: DodoDirectories.resolve(environment: { checkout.environment[$0] }).prepareState()
    )
    .save(AbandonedSession(sessionId: "cks_7", createdAt: Date(timeIntervalSince1970: 1_800_000_000)))
    #expect(try checkout.abandonedSessionStore()?.load()?.sessionId == "cks_7")
    try checkout.abandonedSessionStore()?.clear()
    #expect(sandbox.record == nil)
  }

  @Test("the browser command is DODO_BROWSER, then BROWSER, then the system's; empty values are skipped")
  func browserCommand() {
    #expect(DesktopCheckout(environment: ["DODO_BROWSER": "a", "BROWSER": "b"]).browserCommand == "a")
    #expect(DesktopCheckout(environment: ["DODO_BROWSER": "", "BROWSER": "b"]).browserCommand == "b")
    #expect(DesktopCheckout(environment: [:]).browserCommand == BrowserLauncher.systemDefault)
  }

  @Test("with no browser command set, the launcher's error names the variables that set one")
  func browserHint() {
    let server = ReturnChannelServer(runtimeDirectory: TemporaryDirectory().path)
    #expect(DesktopCheckout(environment: [:]).browserLauncher(server).settingHint?.contains("DODO_BROWSER") == true)
    #expect(DesktopCheckout(environment: ["BROWSER": "b"]).browserLauncher(server).settingHint == nil)
  }

  @Test("a CheckoutError reads as its message and code")
  func errorDescription() {
    #expect(
      "\(CheckoutError.alreadyInProgress)"
        == "another checkout is in progress; only one checkout can run at a time (ALREADY_IN_PROGRESS)")
  }
}
