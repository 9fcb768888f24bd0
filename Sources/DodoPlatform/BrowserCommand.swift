import DodoCheckout

/// A browser command line, split into words the way a shell splits simple quoting, without
/// running a shell.
///
/// Rules: words are separated by spaces, tabs and newlines; `'…'` keeps everything inside
/// literally; `"…"` keeps everything inside except that `\"` and `\\` stand for `"` and `\`;
/// outside quotes, `\` makes the next character literal. Nothing else is special: no `$`,
/// globs, pipes or redirections. Every `%s` in a word is replaced by the checkout URL; when no
/// word has one, the URL is added as the last argument.
package struct BrowserCommand: Sendable, Hashable {
  package let words: [String]

  /// `naming` is what errors call the command (`the browser command`, `api_key_command`).
  package init(_ command: String, naming: String = "the browser command") throws(PlatformError) {
    var words: [String] = []
    var word = ""
    var inWord = false
    var quote: Character?
    var escaped = false
    for character in command {
      if escaped {
        if quote == "\"", character != "\"", character != "\\" { word.append("\\") }
        word.append(character)
        escaped = false
        continue
      }
      switch (quote, character) {
      case ("'", "'"), ("\"", "\""): quote = nil
      case ("'", _): word.append(character)
      case ("\"", "\\"), (nil, "\\"): escaped = true
      case ("\"", _): word.append(character)
      case (nil, "'"), (nil, "\""):
        quote = character
        inWord = true
      case (nil, " "), (nil, "\t"), (nil, "\n"):
        if inWord { words.append(word) }
        word = ""
        inWord = false
      default:
        word.append(character)
        inWord = true
      }
      if escaped { inWord = true }
    }
    if escaped { throw PlatformError("\(naming) ends with a lone backslash: \(command)") }
    if quote != nil {
      throw PlatformError("\(naming) has an unclosed \(quote == "'" ? "single" : "double") quote: \(command)")
    }
    if inWord { words.append(word) }
    guard !words.isEmpty else { throw PlatformError("\(naming) is empty") }
    self.words = words
  }

  /// The program and its arguments for `url`.
  package func arguments(for url: String) -> [String] {
    guard words.contains(where: { $0.contains("%s") }) else { return words + [url] }
    return words.map { $0.replacing("%s", with: url) }
  }

  /// The names of the customization variables.
  package static let customizationVariables: Set<String> = [
    "DODO_DISMISS_BUTTON_STYLE", "DODO_PRESENTATION_STYLE", "DODO_BAR_COLLAPSING_ENABLED", "DODO_COLOR_SCHEME",
  ]

  /// The customization as the `DODO_*` variables; unset fields are not exported.
  package static func environment(for customization: BrowserCustomization) -> [String: String] {
    var variables: [String: String] = [:]
    variables["DODO_DISMISS_BUTTON_STYLE"] = customization.dismissButtonStyle?.rawValue
    variables["DODO_PRESENTATION_STYLE"] = customization.presentationStyle?.rawValue
    variables["DODO_BAR_COLLAPSING_ENABLED"] = customization.barCollapsingEnabled.map { String($0) }
    variables["DODO_COLOR_SCHEME"] = customization.colorScheme?.rawValue
    return variables
  }
}
