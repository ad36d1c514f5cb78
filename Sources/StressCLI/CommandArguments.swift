/// What a subcommand's options store into: a struct with a default for every field.
protocol CommandArguments {
  init()
  /// Where the operands (file paths) go; nil for a command that takes none.
  static var operands: WritableKeyPath<Self, [String]>? { get }
  /// Checks the options against each other once each has been parsed, as
  /// swift-argument-parser's `validate()`.
  func validate() throws(UsageError)
}

extension CommandArguments {
  static var operands: WritableKeyPath<Self, [String]>? { nil }
  func validate() throws(UsageError) {}
}
