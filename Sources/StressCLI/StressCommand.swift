import StressKit

/// The `stress` command line, as a library: the `stress` executable calls it with the
/// Foundation catalog, and a package that stresses its own types calls it with its own.
public enum StressCommand {
  static let overview =
    "Stress-test types from many threads, bare and inside protection wrappers, and record for "
    + "every combination whether it stayed correct and how fast it ran."
  static let usage = "stress <subcommand>"

  static var help: String {
    HelpText.render(
      overview: overview, usage: usage, options: [.help],
      subcommands: [
        (RunCommand.name, RunCommand.overview), (ListCommand.name, ListCommand.overview),
        (ReportCommand.name, ReportCommand.overview),
        (VerdictsCommand.name, VerdictsCommand.overview),
        (CompareCommand.name, CompareCommand.overview),
        (MergeCommand.name, MergeCommand.overview), (BenchCommand.name, BenchCommand.overview),
        ("help", "Show help for a subcommand."),
      ],
      footer: "  See 'stress help <subcommand>' for detailed help.")
  }

  /// Runs the command line and exits. A worker process (started by the runner) never returns
  /// from here either.
  public static func main(catalog: Catalog, arguments: [String] = CommandLine.arguments) -> Never {
    if arguments.count > 1 && arguments[1] == Worker.command {
      Worker.serve(catalog: catalog, arguments: Array(arguments.dropFirst(2)))
    }
    // First, before any work: a signal from now on is seen, a closed standard descriptor can
    // never become a results file, and a closed pipe on stdout is an error, not a death.
    Platform.recordInterrupts()
    Platform.ensureStandardDescriptors()
    Platform.ignoreBrokenPipes()
    let console = Console.standard
    var code = run(catalog: catalog, arguments: Array(arguments.dropFirst()), console: console)
    if let failure = console.outputFailure() {
      console.error("could not print to standard output: \(failure)")
      if code == .success { code = .harness }
    }
    Platform.exitImmediately(code.rawValue)
  }

  /// Runs the command line (without the program name) and returns the exit code.
  public static func run(catalog: Catalog, arguments: [String], console: Console) -> ExitCode {
    do {
      return try dispatch(catalog: catalog, arguments: arguments, console: console)
    } catch {
      console.error(error.message, usage: error.usage)
      return .usage
    }
  }

  private static func dispatch(
    catalog: Catalog, arguments: [String], console: Console
  ) throws(UsageError) -> ExitCode {
    let commands = [
      RunCommand.name, ListCommand.name, ReportCommand.name, VerdictsCommand.name,
      CompareCommand.name, MergeCommand.name,
      BenchCommand.name, "help",
    ]
    guard let first = arguments.first else {
      console.out(help)
      return .success
    }
    let rest = Array(arguments.dropFirst())
    // Only a run stops cleanly on SIGINT or SIGTERM; every other command dies of it as usual.
    if first != RunCommand.name {
      Platform.restoreDefaultInterrupts()
    }
    switch first {
    case "-h", "--help":
      console.out(help)
      return .success
    case RunCommand.name:
      return try RunCommand(catalog: catalog, console: console).run(rest)
    case ListCommand.name:
      return try ListCommand(catalog: catalog, console: console).run(rest)
    case ReportCommand.name:
      return try ReportCommand(console: console).run(rest)
    case VerdictsCommand.name:
      return try VerdictsCommand(console: console).run(rest)
    case CompareCommand.name:
      return try CompareCommand(console: console).run(rest)
    case MergeCommand.name:
      return try MergeCommand(console: console).run(rest)
    case BenchCommand.name:
      return try BenchCommand(catalog: catalog, console: console).run(rest)
    case "help":
      switch rest.first {
      case nil: console.out(help)
      case RunCommand.name: console.out(RunCommand.help)
      case ListCommand.name: console.out(ListCommand.help)
      case ReportCommand.name: console.out(ReportCommand.help)
      case VerdictsCommand.name: console.out(VerdictsCommand.help)
      case CompareCommand.name: console.out(CompareCommand.help)
      case MergeCommand.name: console.out(MergeCommand.help)
      case BenchCommand.name: console.out(BenchCommand.help)
      case "help": console.out(help)
      case let other?:
        throw UsageError(
          "Unknown subcommand '\(other)'.\(Suggestion.hint(for: other, in: commands))",
          usage: "stress help <subcommand>")
      }
      return .success
    default:
      if first.hasPrefix("-") {
        throw UsageError("Unknown option '\(first)'.", usage: "\(usage)")
      }
      throw UsageError(
        "Unknown subcommand '\(first)'.\(Suggestion.hint(for: first, in: commands))",
        usage: "\(usage)")
    }
  }
}
