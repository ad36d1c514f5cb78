import StressKit
import StressReports

/// `stress list`: subjects (with what is documented), wrappers, and suites.
struct ListCommand: Subcommand {
  static let name = "list"
  static let overview = "List subjects, wrappers and suites, or the thread-safety lists."
  static let usage = "stress list [--all] [--lists] [--format <format>]"
  struct Arguments: CommandArguments {
    var all = false
    var lists = false
    var format = OutputFormat.text
  }
  static var options: [Option<Arguments>] {
    [
      .flag("all", "Include the hidden self-test subjects.", sets: \.all),
      .flag(
        "lists",
        "Instead: every entry of Apple's Thread Safety Summary, its documented status, the "
          + "Swift name it has on Linux (or none) and the subjects that stress it.",
        sets: \.lists),
      .format("text or json.", to: \.format),
    ]
  }

  static var help: String {
    HelpText.render(overview: overview, usage: usage, options: optionSpecs)
  }

  let catalog: Catalog
  let console: Console

  func run(_ arguments: [String]) throws -> ExitCode {
    guard let parsed = try parse(arguments) else { return .success }
    let json = parsed.format == .json
    if parsed.lists {
      let report = ListsReport(entries: catalog.listedEntries)
      console.out(json ? report.json : report.text)
      return .success
    }
    let report = ListingReport(
      catalog: catalog, hidden: parsed.all,
      suites: Suite.availableNames().map { ($0, try? Suite.locate($0)) })
    console.out(json ? report.json : report.text)
    return .success
  }
}
