/// Bounds that keep a hostile or broken config file harmless: it fails fast with an error
/// instead of eating memory, time or the stack.
enum YAMLLimits {
  /// A real config is a few hundred bytes; 1 MiB is far beyond any honest one.
  static let maxBytes = 1 << 20
  /// The schema needs four levels (`profiles` → name → `customization` → field); 32 leaves room
  /// for mistakes to be reported as schema errors while a file of thousands of nested `[`
  /// stops at the 33rd.
  static let maxDepth = 32
}
