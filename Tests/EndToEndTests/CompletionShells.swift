import DodoTestSupport
import Foundation
import Testing

/// A user's setup for completion tests: `dodo` and two plugins on `PATH`, a config with
/// profiles in `XDG_CONFIG_HOME`, another config to name with `--config`. Made once for the
/// whole run (`CompletionTests.fixture`).
final class CompletionFixture: Sendable {
  let directory = TemporaryDirectory.forWholeRun()
  let environment: [String: String]
  let otherConfig: String
  let configDirectory: String

  init() throws {
    let bin = directory.url.appendingPathComponent("bin")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: bin.appendingPathComponent("dodo").path, withDestinationPath: Dodo.binary)
    try directory.writeProgram("bin/dodo-hello", "#!/bin/sh\necho hello \"$@\"\n")
    // The plugin's own completions (the dodo_complete-NAME protocol).
    try directory.writeProgram("bin/dodo_complete-hello", "#!/bin/sh\nprintf '%s\\n' world wide \"args:$#\"\n")
    // Shadowed by the built-in `start`: never offered.
    try directory.writeProgram("bin/dodo-start", "#!/bin/sh\necho shadowed\n")
    try directory.write(
      "config/dodo/config.yaml",
      """
      default_profile: alpha
      profiles:
        alpha:
          return_url: myapp://checkout/return
        beta-test:
          return_url: https://example.com/return
      """)
    configDirectory = directory.url.appendingPathComponent("config/dodo").path
    otherConfig = try directory.write("other.yaml", "profiles:\n  gamma:\n    return_url: other://done\n")
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    environment = Dodo.environment(home: directory.url, ["PATH": bin.path + ":" + path])
  }
}

/// Runs each shell's own completion engine on a command line and returns the candidates.
enum CompletionShell: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case bash, zsh, fish

  var testDescription: String { rawValue }

  /// The script in `completions/` (or `directory` for an installed copy).
  func script(in directory: String? = nil) -> String {
    let file =
      switch self {
      case .bash: "dodo"
      case .zsh: "_dodo"
      case .fish: "dodo.fish"
      }
    return (directory ?? Repository.url("completions").path) + "/" + file
  }

  /// The candidates the shell offers with the cursor at the end of `line`.
  func complete(_ line: String, environment: [String: String], scriptDirectory: String? = nil) throws -> [String] {
    let script = script(in: scriptDirectory)
    let output: ProcessOutput
    switch self {
    case .bash:
      output = try Subprocess.run(
        "/bin/bash", ["--norc", "--noprofile", "-c", Self.bashHarness, "bash", script, line], environment: environment)
    case .fish:
      output = try Subprocess.run(
        "/usr/bin/env",
        ["fish", "--no-config", "-c", "source $argv[1]; complete --do-complete=$argv[2]", script, line],
        environment: environment)
    case .zsh:
      output = try Subprocess.run(
        "/usr/bin/env",
        ["zsh", "-f", "-c", Self.zshHarness, "zsh", (script as NSString).deletingLastPathComponent, line],
        environment: environment)
    }
    #expect(output.status == 0, "\(self) completion failed: \(output.stderr)")
    switch self {
    case .bash: return output.stdout.split(separator: "\n").map(String.init)
    case .fish:
      return output.stdout.split(separator: "\n").map { String($0.split(separator: "\t", maxSplits: 1).first ?? "") }
    case .zsh:
      // The harness prints each match as <hit>match</hit> among the terminal's noise.
      return output.stdout.components(separatedBy: "<hit>").dropFirst().compactMap {
        $0.components(separatedBy: "</hit>").first
      }
    }
  }

  /// Loads bash-completion and the script, then calls the function that `complete -p dodo`
  /// names with COMP_WORDS split as readline splits them (on blanks, and around `=`), and
  /// prints COMPREPLY.
  static let bashHarness = #"""
    source /usr/share/bash-completion/bash_completion || exit 2
    source "$1" || exit 3
    function=$(complete -p dodo | sed -E 's/.* -F ([^ ]+) .*/\1/')
    COMP_LINE=$2
    COMP_POINT=${#COMP_LINE}
    read -ra COMP_WORDS <<<"$COMP_LINE"
    words=()
    for word in "${COMP_WORDS[@]}"; do
      while [[ $word == *=* ]]; do words+=("${word%%=*}" "="); word=${word#*=}; done
      [[ -n $word ]] && words+=("$word")
    done
    [[ $COMP_LINE == *[\ =] ]] && words+=("")
    COMP_WORDS=("${words[@]}")
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    COMPREPLY=()
    "$function" dodo "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
    printf '%s\n' "${COMPREPLY[@]}"
    """#

  /// Starts an interactive zsh in a pseudo-terminal (zsh/zpty), loads compinit with the
  /// script's directory on fpath (`-D`: no dump file, none left in /tmp), wraps `compadd` to
  /// print each match it adds, types the line and a Tab once the line editor shows its
  /// prompt, and prints what came back. (Typed
  /// before the editor reads, under load, the Tab could arrive while the terminal was still
  /// in cooked mode and complete nothing.)
  static let zshHarness = #"""
    zmodload zsh/zpty || exit 2
    zpty z zsh -f -i
    zpty -w z "PROMPT= RPROMPT= ; unsetopt zle_bracketed_paste 2>/dev/null"
    zpty -w z "fpath=(${(q)1} \$fpath); autoload -Uz compinit; compinit -u -D"
    zpty -w z 'zstyle ":completion:*" list-grouped false; zstyle ":completion:*" insert-tab false'
    zpty -w z 'compadd() {
      if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd "$@"; return $?; fi
      local -a __hits
      builtin compadd -A __hits "$@"
      local h; for h in $__hits; do print -r -- "<hit>$h</hit>"; done
    }'
    zpty -w z 'zle -C complete-capture complete-word _main_complete; bindkey "^I" complete-capture'
    # The prompt is what the line editor prints when it starts reading; typed, the marker is
    # split by quotes, so only the prompt itself matches.
    zpty -w z "PROMPT='<zle-'ready'>'"
    zpty -r -m z line '*<zle-ready>*' || exit 3
    zpty -n -w z "$2"$'\t'
    zpty -w z $'\C-u''print -r -- "<done>"'
    out=
    while zpty -r z line; do
      [[ $line == *'<done>'* && $line != *print* ]] && break
      out+=$line
    done
    zpty -d z
    print -r -- "$out"
    """#
}
