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
    if parsed.lists { return lists(json: parsed.format == .json) }
    let subjects = parsed.all ? catalog.subjects : catalog.visibleSubjects
    let drivers =
      catalog.wrappers.map { ($0.info, "threads") }
      + catalog.taskWrappers.map { ($0.info, "tasks") }
    let suites = Suite.availableNames().map { ($0, try? Suite.locate($0)) }
    if parsed.format == .json {
      console.out(
        Listing(
          subjects: subjects.map {
            let i = $0.info
            return .init(
              id: i.id, documented: i.documented.rawValue, reference: i.reference,
              sendable: i.sendable,
              expectations: i.expectations.map(\.reason), readRatio: i.defaultReadRatio,
              readOnly: i.readOnly, hidden: i.hidden, summary: i.summary, calls: i.calls,
              inputs: i.inputs, leavesOut: i.leavesOut)
          },
          wrappers: drivers.map {
            .init(
              id: $0.id, protected: $0.isProtected, sharesReads: $0.sharesReads, driver: $1,
              summary: $0.summary)
          },
          suites: suites.map {
            .init(name: $0, description: $1?.description, subjects: $1?.subjects)
          }
        ).json())
      return .success
    }
    var text =
      "SUBJECTS (documented: Apple's Thread Safety Summary; sendable: the type's Sendable "
      + "conformance in this toolchain)\n"
    text += TextTable(
      header: ["id", "documented", "sendable", "reads", "summary"],
      rows: subjects.map {
        let i = $0.info
        return [
          i.id, i.documented.rawValue, i.sendable.map { $0 ? "yes" : "no" } ?? "?",
          i.readOnly ? "only" : percent(i.defaultReadRatio), i.summary,
        ]
      }
    ).render()
    let referenced = subjects.filter { $0.info.reference != nil }
    if !referenced.isEmpty {
      text += "\nWHERE A CLASS'S OWN REFERENCE SAYS WHAT THE SUMMARY DOES NOT\n"
      for subject in referenced { text += "  \(subject.info.id): \(subject.info.reference!)\n" }
    }
    let declared = subjects.filter { !$0.info.calls.isEmpty || !$0.info.inputs.isEmpty }
    if !declared.isEmpty {
      text += "\nWHAT EACH SUBJECT CALLS AND DRAWS (its verdict covers these; edge values first)\n"
      for subject in declared {
        let i = subject.info
        text += "  \(i.id)\n"
        if !i.calls.isEmpty {
          text += TextWrap.paragraph("calls: " + i.calls.joined(separator: "; "), indent: "    ")
        }
        for input in i.inputs { text += TextWrap.paragraph("inputs: " + input, indent: "    ") }
        if let out = i.leavesOut {
          text += TextWrap.paragraph("leaves out: " + out, indent: "    ")
        }
      }
    }
    text += "\nWRAPPERS\n"
    text += TextTable(
      header: ["id", "protected", "reads", "driver", "summary"],
      rows: drivers.map { info, driver in
        [
          info.id, info.isProtected ? "yes" : "no",
          !info.isProtected ? "bare" : info.sharesReads ? "together" : "one at a time", driver,
          info.summary,
        ]
      }
    ).render()
    let sharing = drivers.map(\.0).filter(\.sharesReads).map(\.id)
    if !sharing.isEmpty {
      text +=
        "\n"
        + TextWrap.paragraph(
          "Reads together: \(SharedReads.list(sharing)) guard writes only and leave concurrent "
            + "reads unprotected, so a read-only subject (reads: only) runs under "
            + "\(sharing.count == 1 ? "it" : "them") as bare as under unprotected.", indent: "  ")
    }
    text += "\nSUITES\n"
    var rows: [[String]] = []
    for (name, suite) in suites {
      rows.append([name, suite?.description ?? "(unreadable)"])
    }
    text +=
      rows.isEmpty
      ? "  (none found in $STRESS_SUITES, ./Suites or a Suites folder above the executable)\n"
      : TextTable(header: ["name", "description"], rows: rows).render()
    console.out(text)
    return .success
  }

  /// `--lists`: the catalog's listed entries, as a table or as `{"lists": [...]}`.
  func lists(json: Bool) -> ExitCode {
    let entries = catalog.listedEntries
    if json {
      console.out(
        JSONOutput.encode(
          ListsDocument(
            lists: entries.map {
              .init(
                name: $0.name, documented: $0.documented.rawValue, linux: $0.platformName,
                subjects: $0.subjects, note: $0.note)
            })))
      return .success
    }
    guard !entries.isEmpty else {
      console.out("This catalog accounts for no published thread-safety list.\n")
      return .success
    }
    let present = entries.filter { $0.platformName != nil }.count
    let stressed = entries.filter { !$0.subjects.isEmpty }.count
    var text =
      "THE THREAD SAFETY SUMMARY'S LISTS (Apple, Threading Programming Guide): \(entries.count) "
      + "entries, \(present) in Foundation on Linux, \(stressed) stressed here\n"
    text += TextTable(
      header: ["name", "documented", "linux", "subjects"],
      rows: entries.map {
        [
          $0.name, $0.documented.rawValue, $0.platformName ?? "-",
          $0.subjects.isEmpty ? "-" : $0.subjects.joined(separator: ", "),
        ]
      }
    ).render()
    let noted = entries.filter { $0.note != nil }
    if !noted.isEmpty {
      text += "\nNOTES\n"
      for entry in noted {
        text += TextWrap.paragraph("\(entry.name): \(entry.note!)", indent: "  ")
      }
    }
    console.out(text)
    return .success
  }

  struct ListsDocument: Encodable {
    var lists: [Entry]
    struct Entry: Encodable {
      var name, documented: String
      /// Encoded as null where Foundation on Linux has none.
      var linux: String?
      var subjects: [String]
      /// Why no subject stresses it; left out where none is needed.
      var note: String?

      func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(documented, forKey: .documented)
        try c.encode(linux, forKey: .linux)
        try c.encode(subjects, forKey: .subjects)
        try c.encodeIfPresent(note, forKey: .note)
      }
      enum CodingKeys: String, CodingKey { case name, documented, linux, subjects, note }
    }
  }

  private func percent(_ ratio: Double) -> String {
    "\(Int((ratio * 100).rounded()))%"
  }
}
