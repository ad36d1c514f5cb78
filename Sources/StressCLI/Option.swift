/// One option of a subcommand, declared once: its name and help (`spec`), how its text is
/// parsed and checked, and where the value goes in the command's arguments struct. Parsing,
/// "did you mean", usage and help all come from the table of these a command declares.
struct Option<Arguments> {
  let spec: OptionSpec
  /// Parses the option's text (empty for a flag) and stores the value; throws the
  /// `Invalid value` line.
  let store: (inout Arguments, String) throws(UsageError) -> Void

  /// `--name <placeholder>`, parsed by `parser` into an optional field: nil means not given.
  static func value<V>(
    _ name: String, _ placeholder: String, _ help: String, default defaultText: String? = nil,
    short: Character? = nil, _ parser: ValueParser<V>, to field: WritableKeyPath<Arguments, V?>
  ) -> Option {
    Option(
      spec: .value(name, placeholder, help, default: defaultText, short: short),
      store: { arguments, text throws(UsageError) in
        arguments[keyPath: field] = try parser.parse(text, option: name)
      })
  }

  /// `--name <placeholder>` into a field whose initial value is the default; help shows that
  /// value unless `defaultText` says it better.
  static func value<V>(
    _ name: String, _ placeholder: String, _ help: String, default defaultText: String? = nil,
    _ parser: ValueParser<V>, to field: WritableKeyPath<Arguments, V>
  ) -> Option where Arguments: CommandArguments {
    let initial = Arguments()[keyPath: field]
    return Option(
      spec: .value(name, placeholder, help, default: defaultText ?? parser.show?(initial)),
      store: { arguments, text throws(UsageError) in
        arguments[keyPath: field] = try parser.parse(text, option: name)
      })
  }

  /// `--name`, which sets `field` to `value` (true unless the flag turns something off).
  static func flag(
    _ name: String, _ help: String, sets field: WritableKeyPath<Arguments, Bool>,
    to value: Bool = true
  ) -> Option {
    Option(spec: .flag(name, help), store: { arguments, _ in arguments[keyPath: field] = value })
  }
}
