/// How a command prints its result on stdout: `--format`.
enum OutputFormat: String, CaseIterable {
  case text
  case markdown
  case json
  case csv
}

extension Option where Arguments: CommandArguments {
  /// `--format`, one of `allowed`; text unless given.
  static func format(
    _ help: String, allowing allowed: [OutputFormat] = [.text, .json],
    to field: WritableKeyPath<Arguments, OutputFormat>
  ) -> Option {
    .value("format", "<format>", help, .choice(allowed), to: field)
  }
}
