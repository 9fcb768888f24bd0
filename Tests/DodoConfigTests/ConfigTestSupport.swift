@testable import DodoConfig

/// Parses `yaml` as the file `config.yaml` and returns the rendered error, or `nil` when it is valid.
func renderedError(_ yaml: String, path: String = "config.yaml") -> String? {
  renderedError(Array(yaml.utf8), path: path)
}

func renderedError(_ bytes: [UInt8], path: String = "config.yaml") -> String? {
  do {
    _ = try ConfigFile(path: path, contents: bytes)
    return nil
  } catch {
    return error.rendered
  }
}

/// A `ConfigFileReader` over files held in memory.
func reader(_ files: [String: String]) -> ConfigFileReader {
  { path, _ in files[path].map { Array($0.utf8) } }
}
