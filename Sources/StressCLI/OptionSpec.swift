/// One `--option` a subcommand accepts, with what `help` says about it.
struct OptionSpec: Sendable {
  var name: String
  /// nil for a flag; otherwise the placeholder shown in help (`<n>`).
  var value: String?
  var help: String
  var defaultText: String?

  static func flag(_ name: String, _ help: String) -> OptionSpec {
    OptionSpec(name: name, value: nil, help: help, defaultText: nil)
  }

  static func value(
    _ name: String, _ value: String, _ help: String, default defaultText: String? = nil
  ) -> OptionSpec {
    OptionSpec(name: name, value: value, help: help, defaultText: defaultText)
  }

  static let help = OptionSpec.flag("help", "Show help information.")
}
