/// One config file, read and checked against the schema of spec §5 (`config/config.yaml` is
/// an example of every key).
package struct ConfigFile: Sendable, Hashable {
  /// The path as it was named.
  package var path: String
  package var defaultProfile: Setting<String>?
  /// In the order the file lists them.
  package var profiles: [Profile]
  /// The file's text, to quote a line in an error found after it was read (a `default_profile`
  /// that names no profile, a browser command that does not split into words).
  let text: ConfigText

  /// Parses `contents`, the bytes of the file at `path`; any problem is a `ConfigError` that
  /// points at its line and column. An empty file, or one with only comments, is valid.
  package init(path: String, contents: [UInt8]) throws(ConfigError) {
    let text = ConfigText(path: path, bytes: contents)
    if contents.count > YAMLLimits.maxBytes {
      throw text.error(
        "the file is larger than \(YAMLLimits.maxBytes / 1024) KiB; a dodo config is a few lines of YAML")
    }
    self.path = path
    self.text = text
    let decoder = ConfigSchema(text: text)
    (defaultProfile, profiles) = try decoder.decode(YAMLParser.parse(text))
  }
}
