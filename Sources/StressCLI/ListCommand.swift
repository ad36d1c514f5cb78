import StressKit

/// `stress list`: subjects (with what is documented), wrappers, and suites.
struct ListCommand {
  static let name = "list"
  static let overview = "List subjects, wrappers and suites."
  static let usage = "stress list [--all]"
  static let options: [OptionSpec] = [
    .flag("all", "Include the hidden self-test subjects."),
    .help,
  ]

  static var help: String {
    HelpText.render(overview: overview, usage: usage, options: options)
  }

  let catalog: Catalog
  let console: Console

  func run(_ arguments: [String]) throws(UsageError) -> ExitCode {
    let parsed = try ParsedArguments(arguments, specs: Self.options, usage: Self.usage)
    if parsed.flags.contains("help") {
      console.out(Self.help)
      return .success
    }
    let subjects = parsed.flags.contains("all") ? catalog.subjects : catalog.visibleSubjects
    var text = "SUBJECTS (documented: Apple's Thread Safety Summary)\n"
    text += Table(
      header: ["id", "documented", "reads", "summary"],
      rows: subjects.map {
        let i = $0.info
        return [
          i.id, i.documented.rawValue, i.readOnly ? "only" : percent(i.defaultReadRatio), i.summary,
        ]
      }
    ).render()
    text += "\nWRAPPERS\n"
    let drivers =
      catalog.wrappers.map { ($0.info, "threads") }
      + catalog.taskWrappers.map { ($0.info, "tasks") }
    text += Table(
      header: ["id", "protected", "driver", "summary"],
      rows: drivers.map { info, driver in
        [info.id, info.isProtected ? "yes" : "no", driver, info.summary]
      }
    ).render()
    text += "\nSUITES\n"
    var rows: [[String]] = []
    for name in Suite.availableNames() {
      let description = (try? Suite.locate(name))?.description ?? "(unreadable)"
      rows.append([name, description])
    }
    text +=
      rows.isEmpty
      ? "  (none found in $STRESS_SUITES, ./Suites or a Suites folder above the executable)\n"
      : Table(header: ["name", "description"], rows: rows).render()
    console.out(text)
    return .success
  }

  private func percent(_ ratio: Double) -> String {
    "\(Int((ratio * 100).rounded()))%"
  }
}
