import DodoTestSupport
import Foundation
import Testing

/// A `dodo start … &` in an interactive shell's terminal (tmux): reading the terminal from
/// the background would stop it with SIGTTIN, and its return would never be served.
@Suite("start in the background of an interactive shell (end to end)")
struct BackgroundStartEndToEndTests {
  static let missing = RequiredTools.missing(programs: ["tmux", "bash"])

  @Test(
    "typing while start runs in the background does not stop it; after fg, a pasted return finishes it",
    .enabled(if: RequiredTools.present(missing), "needs \(missing.joined(separator: ", "))"))
  func backgroundStart() throws {
    let sandbox = CheckoutSandbox()
    let home = sandbox.home.url.path
    let exports = sandbox.environment().map { "export \($0.key)='\($0.value)'" }.sorted().joined(separator: "\n")
    let start = try sandbox.script(
      "start.sh",
      """
      \(exports)
      rm -f '\(home)/status'
      '\(Dodo.binary)' start '\(Checkout.url)' --return-url 'myapp://checkout/return?state=S' --no-open \
        >'\(home)/out' 2>'\(home)/err'
      echo $? >'\(home)/status'

      """)
    // One shell script drives tmux from start to kill-server, so that no tmux server
    // outlives it holding the test's pipes.
    let driver = """
      T="tmux -S $H/tmux.sock -f /dev/null"
      until_true() { i=0; while [ $i -lt 1000 ] && ! eval "$1"; do sleep 0.01; i=$((i+1)); done; }
      $T new-session -d -x 200 -y 50 'bash --norc --noprofile -i' </dev/null >/dev/null 2>&1
      $T send-keys -t 0 "'$START' &" Enter
      until_true '[ -S "$RUNTIME/return.sock" ] && [ -f "$STATE/abandoned.json" ]'
      $T send-keys -t 0 'echo typed' Enter
      sleep 0.3
      "$DODO" handle-url 'myapp://checkout/return?state=S&status=failed&payment_id=pay_1' >/dev/null 2>&1
      echo "handled $?"
      until_true '[ -s "$H/status" ]'
      echo "background $(cat "$H/status" 2>/dev/null)"
      rm -f "$H/status"
      $T send-keys -t 0 "'$START' &" Enter
      until_true '[ -S "$RUNTIME/return.sock" ] && [ -f "$STATE/abandoned.json" ]'
      $T send-keys -t 0 fg Enter
      sleep 0.7
      $T send-keys -t 0 -l 'myapp://checkout/return?state=S&status=succeeded&payment_id=pay_2'
      $T send-keys -t 0 Enter
      until_true '[ -s "$H/status" ]'
      echo "foreground $(cat "$H/status" 2>/dev/null)"
      $T kill-server >/dev/null 2>&1
      """
    let output = try Subprocess.run(
      "/bin/sh", ["-c", driver],
      environment: sandbox.environment([
        "H": home, "START": start, "DODO": Dodo.binary, "RUNTIME": sandbox.runtime, "STATE": sandbox.state,
      ]))
    let err = (try? String(contentsOfFile: home + "/err", encoding: .utf8)) ?? ""
    expectSameText(output.stdout, "handled 0\nbackground 10\nforeground 0\n", "\(output.stderr)\n\(err)")
  }
}
