import DodoTestSupport
import Foundation
import Testing

@Suite(
  "dodo url-handler (end to end)",
  .enabled(
    if: RequiredTools.present(RequiredTools.forURLHandler),
    "needs \(RequiredTools.forURLHandler.joined(separator: ", "))"))
struct URLHandlerEndToEndTests {
  func environment(_ sandbox: CheckoutSandbox, _ extra: [String: String] = [:]) -> [String: String] {
    sandbox.environment(["DODO_RETURN_URL": "dodotest://checkout/return", "DISPLAY": ":99"].merging(extra) { $1 })
  }

  var entry: String { "dodo-url-handler-dodotest.desktop" }

  @Test("install writes the entry and routes the scheme; remove gives it back to the previous handler")
  func installAndRemove() throws {
    let sandbox = CheckoutSandbox()
    let env = environment(sandbox)
    let mimeapps = try sandbox.home.write(
      "config/mimeapps.list", "[Default Applications]\nx-scheme-handler/dodotest=previous.desktop\n")
    #expect(try Dodo.run(["url-handler", "status"], environment: env).status == 1)
    for _ in 0..<2 {  // idempotent
      let installed = try Dodo.run(["url-handler", "install", "--json"], environment: env)
      #expect(installed.status == 0, "\(installed.stderr)")
      #expect(installed.stdout == #"{"installed":["dodotest"]}"# + "\n")
    }
    let desktop = try String(contentsOfFile: sandbox.home.url.path + "/data/applications/\(entry)", encoding: .utf8)
    #expect(desktop.contains("Exec=\(Dodo.binary) handle-url %u\n"))
    #expect(desktop.contains("MimeType=x-scheme-handler/dodotest;\n"))
    #expect(desktop.contains("X-Dodo-Previous-Default=previous.desktop\n"))
    let status = try Dodo.run(["url-handler", "status", "--json"], environment: env)
    #expect(status.status == 0)
    #expect(status.stdout == #"{"schemes":[{"scheme":"dodotest","handler":"\#(entry)","routesToDodo":true}]}"# + "\n")
    #expect(try Dodo.run(["url-handler", "remove"], environment: env).status == 0)
    #expect(
      try String(contentsOfFile: mimeapps, encoding: .utf8).contains("x-scheme-handler/dodotest=previous.desktop"))
    #expect(!FileManager.default.fileExists(atPath: sandbox.home.url.path + "/data/applications/\(entry)"))
    #expect(try Dodo.run(["url-handler", "remove"], environment: env).status == 0)
  }

  @Test("remove with no handler before drops dodo's line, and the section it leaves empty, but keeps the rest")
  func removeWithoutPrevious() throws {
    let sandbox = CheckoutSandbox()
    let env = environment(sandbox)
    let mimeapps = try sandbox.home.write("config/mimeapps.list", "[Added Associations]\ntext/plain=editor.desktop;\n")
    #expect(try Dodo.run(["url-handler", "install"], environment: env).status == 0)
    #expect(try String(contentsOfFile: mimeapps, encoding: .utf8).contains("x-scheme-handler/dodotest="))
    #expect(try Dodo.run(["url-handler", "remove"], environment: env).status == 0)
    let left = try String(contentsOfFile: mimeapps, encoding: .utf8)
    #expect(!left.contains("dodotest"))
    #expect(!left.contains("[Default Applications]"))
    #expect(left.contains("[Added Associations]\ntext/plain=editor.desktop;"))
  }

  @Test("xdg-open of a return URL reaches the running start through the registered handler")
  func desktopRoute() throws {
    let sandbox = CheckoutSandbox()
    let env = environment(sandbox)
    #expect(try Dodo.run(["url-handler", "install"], environment: env).status == 0)
    defer { _ = try? Dodo.run(["url-handler", "remove"], environment: env) }
    let start = try RunningStart(
      arguments: ["start", Checkout.url, "--no-open", "--json"], environment: env, runtime: sandbox.runtime,
      state: sandbox.state)
    #expect(start.waitUntilListening())
    let opened = try Subprocess.run(
      "/usr/bin/xdg-open", ["dodotest://checkout/return?status=succeeded&payment_id=pay_x"], environment: env)
    #expect(opened.status == 0, "\(opened.stderr)")
    let output = start.finish()
    #expect(output.status == 0)
    #expect(output.stdout.contains(#""paymentId":"pay_x""#))
  }
}
