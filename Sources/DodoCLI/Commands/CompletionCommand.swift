import DodoBytes

extension CommandSpec {
  static let completion: CommandSpec = CommandSpec(
    "completion",
    abstract: "Print the completion script for bash, zsh or fish.",
    overview:
      "'make install' puts these where each shell looks; this prints one for a dotfile manager or a home-directory install.",
    discussion: """
      Prints the same script that 'make install' puts where each shell looks for it, for a \
      dotfile manager or a home-directory install. It completes commands, options, their \
      values, the profile names of the config in effect and the plugins on PATH, reading \
      them when Tab is pressed, so the script need not be regenerated when those change. \
      Whatever a name holds ($(…), a blank, a quote, a colon) is inserted quoted, as text, \
      never run or cut; a profile name cannot hold a control character (the config is refused, \
      exit status 78), so no name is split either.

      Where each shell loads it from, for the current user or (as root) everyone: \
      bash: ~/.local/share/bash-completion/completions/dodo, or \
      /usr/share/bash-completion/completions/dodo (needs the bash-completion package); \
      zsh: a file named _dodo in a directory of $fpath, added before compinit runs, e.g. \
      ~/.zfunc/_dodo with fpath=(~/.zfunc $fpath) in ~/.zshrc; \
      fish: ~/.config/fish/completions/dodo.fish, or \
      /usr/share/fish/vendor_completions.d/dodo.fish. A new shell picks it up.
      """,
    arguments: [ArgumentSpec("shell", help: "The shell to print the script for.", values: CompletionCommand.shells)],
    examples: [
      .init(
        "dodo completion bash > ~/.local/share/bash-completion/completions/dodo",
        "Install bash completion for the current user."),
      .init("dodo completion zsh > ~/.zfunc/_dodo", "Install zsh completion into a directory on $fpath."),
      .init(
        "dodo completion fish > ~/.config/fish/completions/dodo.fish", "Install fish completion for the current user."),
    ],
    exitStatuses: [
      .init(.success, "The script was printed."),
      .init(.usage, "No shell, or one that is not bash, zsh or fish."),
    ],
    handler: { invocation, context in
      CompletionCommand.script(for: invocation.arguments[0]).withBytes { context.stdout.write($0) }
      return .success
    }
  )
}

/// `dodo completion SHELL` and `dodo __generate SHELL`: one script per shell.
enum CompletionCommand {
  static let shells = ["bash", "zsh", "fish"]

  /// The script for `shell`, one of `shells` (the parser has checked it), as bytes: the bash
  /// one is written as bytes, and is the one shells load at every start (`eval "$(dodo
  /// completion bash)"`).
  static func script(for shell: String) -> [UInt8] {
    switch shell {
    case "zsh": Array(ZshCompletion.script().utf8)
    case "fish": Array(FishCompletion.script().utf8)
    default: BashCompletion.bytes()
    }
  }
}
