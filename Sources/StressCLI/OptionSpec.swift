/// One `--option` a subcommand accepts, with what `help` says about it.
struct OptionSpec: Sendable {
  var name: String
  /// nil for a flag; otherwise the placeholder shown in help (`<n>`).
  var value: String?
  var help: String
  var defaultText: String?
  /// A one-letter alias (`o` for `-o`), as swift-argument-parser's `.shortAndLong`.
  var short: Character?

  static func flag(_ name: String, _ help: String) -> OptionSpec {
    OptionSpec(name: name, value: nil, help: help, defaultText: nil)
  }

  static func value(
    _ name: String, _ value: String, _ help: String, default defaultText: String? = nil,
    short: Character? = nil
  ) -> OptionSpec {
    OptionSpec(name: name, value: value, help: help, defaultText: defaultText, short: short)
  }

  static let help = OptionSpec.flag("help", "Show help information.")
}
