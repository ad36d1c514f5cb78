import StressKit

/// What every `stress` subcommand has: a name, help, options, and a console to print on.
protocol Subcommand {
  static var name: String { get }
  static var overview: String { get }
  static var usage: String { get }
  static var options: [OptionSpec] { get }
  static var help: String { get }
  var console: Console { get }
}

extension Subcommand {
  /// `arguments` parsed against this command's options; nil when they ask for help, which is
  /// then printed. `takesOperands`: file operands are allowed (report, compare...).
  func parse(_ arguments: [String], takesOperands: Bool = false) throws(UsageError)
    -> ParsedArguments?
  {
    let parsed = try ParsedArguments(
      arguments, specs: Self.options, usage: Self.usage, takesOperands: takesOperands)
    guard !parsed.flags.contains("help") else {
      console.out(Self.help)
      return nil
    }
    return parsed
  }

  /// The results files named as operands, at least one (`missing` says what is wanted if none);
  /// nil after an `Error:` line if one cannot be used (exit 2).
  func results(_ parsed: ParsedArguments, missing: String) throws(UsageError) -> [ResultsFile]? {
    guard !parsed.positionals.isEmpty else { throw UsageError(missing, usage: Self.usage) }
    try OutputPaths(inputs: parsed.positionals.map { ("the input", $0) })
      .check(usage: Self.usage)
    return ResultsInput.load(parsed.positionals, console: console)
  }
}

/// A subcommand in `StressCommand.subcommands`: what the help lists, and how it runs.
struct SubcommandEntry: Sendable {
  let name: String
  let overview: String
  let help: String
  let run: @Sendable (Catalog, Console, [String]) throws(UsageError) -> ExitCode

  init<C: Subcommand>(
    _ command: C.Type,
    run: @escaping @Sendable (Catalog, Console, [String]) throws(UsageError) -> ExitCode
  ) {
    name = C.name
    overview = C.overview
    help = C.help
    self.run = run
  }
}
