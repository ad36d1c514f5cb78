import StressKit
import StressPlatform
import StressReports

/// The `stress` command line, as a library: the `stress` executable calls it with the
/// Foundation catalog, and a package that stresses its own types calls it with its own.
public enum StressCommand {
  static let overview =
    "Stress-test types from many threads, bare and inside protection wrappers, and record for "
    + "every combination whether it stayed correct and how fast it ran."
  static let usage = "stress <subcommand>"

  /// Every subcommand, once: the help's list, dispatch, `stress help <subcommand>` and the
  /// "did you mean" all come from here.
  static let subcommands: [SubcommandEntry] = [
    SubcommandEntry(RunCommand.self) { catalog, console, arguments in
      try RunCommand(catalog: catalog, console: console).run(arguments)
    },
    SubcommandEntry(ListCommand.self) { catalog, console, arguments in
      try ListCommand(catalog: catalog, console: console).run(arguments)
    },
    SubcommandEntry(ReportCommand.self) { catalog, console, arguments in
      try ReportCommand(catalog: catalog, console: console).run(arguments)
    },
    SubcommandEntry(VerdictsCommand.self) { catalog, console, arguments in
      try VerdictsCommand(catalog: catalog, console: console).run(arguments)
    },
    SubcommandEntry(CompareCommand.self) { catalog, console, arguments in
      try CompareCommand(catalog: catalog, console: console).run(arguments)
    },
    SubcommandEntry(MergeCommand.self) { _, console, arguments in
      try MergeCommand(console: console).run(arguments)
    },
    SubcommandEntry(TrendCommand.self) { _, console, arguments in
      try TrendCommand(console: console).run(arguments)
    },
    SubcommandEntry(BenchCommand.self) { catalog, console, arguments in
      try BenchCommand(catalog: catalog, console: console).run(arguments)
    },
  ]

  static var help: String {
    HelpText.render(
      overview: overview, usage: usage, options: [.help],
      subcommands: subcommands.map { ($0.name, $0.overview) }
        + [("help", "Show help for a subcommand.")],
      footer: "  See 'stress help <subcommand>' for detailed help.")
  }

  /// Runs the command line and exits. A worker process (started by the runner) never returns
  /// from here either.
  public static func main(catalog: Catalog, arguments: [String] = CommandLine.arguments) -> Never {
    if arguments.count > 1 && arguments[1] == Worker.command {
      Worker.serve(catalog: catalog, arguments: Array(arguments.dropFirst(2)))
    }
    if arguments.count > 1 && arguments[1] == Zygote.command {
      Zygote.serve(catalog: catalog, arguments: Array(arguments.dropFirst(2)))
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
    defer { Platform.releaseHeldPipes() }
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
    let names = subcommands.map(\.name) + ["help"]
    guard let first = arguments.first else {
      console.out(help)
      return .success
    }
    let rest = Array(arguments.dropFirst())
    // Only a run stops cleanly on SIGINT or SIGTERM; every other command dies of it as usual.
    if first != RunCommand.name {
      Platform.restoreDefaultInterrupts()
    }
    if first == "-h" || first == "--help" {
      console.out(help)
      return .success
    }
    if let command = subcommands.first(where: { $0.name == first }) {
      do {
        return try command.run(catalog, console, rest)
      } catch {
        let info = MessageInfo(error, usage: command.usage)
        console.error(info.message, usage: info.usage)
        return info.exitCode
      }
    }
    if first == "help" {
      switch rest.first {
      case nil, "help": console.out(help)
      case let name?:
        guard let command = subcommands.first(where: { $0.name == name }) else {
          throw UsageError(
            "Unknown subcommand '\(name)'.\(Suggestion.hint(for: name, in: names))",
            usage: "stress help <subcommand>")
        }
        console.out(command.help)
      }
      return .success
    }
    if first.hasPrefix("-") {
      throw UsageError("Unknown option '\(first)'.", usage: "\(usage)")
    }
    throw UsageError(
      "Unknown subcommand '\(first)'.\(Suggestion.hint(for: first, in: names))",
      usage: "\(usage)")
  }
}
