import StressKit
import StressReports

/// What every `stress` subcommand has: a name, help, its option table, and a console to print on.
protocol Subcommand {
  associatedtype Arguments: CommandArguments
  static var name: String { get }
  static var overview: String { get }
  static var usage: String { get }
  /// The options, declared once; `--help` is every command's and is not listed here.
  static var options: [Option<Arguments>] { get }
  static var help: String { get }
  var console: Console { get }
}

extension Subcommand {
  /// What help lists: the table's options, then `--help`.
  static var optionSpecs: [OptionSpec] { options.map(\.spec) + [.help] }

  /// `arguments` parsed into this command's arguments; nil when they ask for help, which is
  /// then printed.
  func parse(_ arguments: [String]) throws(UsageError) -> Arguments? {
    guard let parsed = try OptionParser.parse(arguments, options: Self.options, usage: Self.usage)
    else {
      console.out(Self.help)
      return nil
    }
    return parsed
  }

  /// The results files named as operands, at least one (`missing` says what is wanted if none),
  /// each holding a trial unless `allowingEmpty`.
  func results(_ operands: [String], missing: String, allowingEmpty: Bool = false) throws
    -> [ResultsFile]
  {
    guard !operands.isEmpty else { throw UsageError(missing, usage: Self.usage) }
    try OutputPaths(inputs: operands.map { ("the input", $0) }).check()
    return try ResultsInput.load(operands, allowingEmpty: allowingEmpty)
  }
}

/// A subcommand in `StressCommand.subcommands`: what the help lists, and how it runs.
struct SubcommandEntry: Sendable {
  let name: String
  let overview: String
  let usage: String
  let help: String
  let run: @Sendable (Catalog, Console, [String]) throws -> ExitCode

  init<C: Subcommand>(
    _ command: C.Type,
    run: @escaping @Sendable (Catalog, Console, [String]) throws -> ExitCode
  ) {
    name = C.name
    overview = C.overview
    usage = C.usage
    help = C.help
    self.run = run
  }
}
