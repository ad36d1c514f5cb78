import StressKitBench
import StressKitCore
import StressKitEngine
import StressKitModel
import StressKitPlan
import StressKitRun

/// What `stress list` says: the catalog's subjects and wrappers and the suites found, as text
/// or as JSON for scripts. The CLI finds the suites and prints; the wording is here.
package struct ListingReport {
  package var subjects: [SubjectInfo]
  /// The ids of the subjects that are model tests: the controlled scheduler explores them.
  package var models: Set<String> = []
  /// The async operations of each model test that has some, by name: it runs bare, as tasks.
  package var asyncOperations: [String: [String]] = [:]
  /// Each wrapper with the driver that issues its operations.
  package var wrappers: [(info: WrapperInfo, driver: String)]
  /// Each suite found by name, nil where its file cannot be read.
  package var suites: [(name: String, suite: Suite?)]

  /// The catalog's subjects (the hidden self-tests too with `hidden`) and wrappers.
  package init(catalog: Catalog, hidden: Bool, suites: [(name: String, suite: Suite?)]) {
    let entries = hidden ? catalog.subjects : catalog.visibleSubjects
    subjects = entries.map { $0.info }
    models = Set(catalog.entries.filter(\.isModel).map(\.info.id))
    for entry in catalog.entries where entry.isAsync {
      asyncOperations[entry.info.id] = entry.asyncOperations
    }
    wrappers =
      catalog.wrappers.map { ($0.info, "threads") }
      + catalog.taskWrappers.map { ($0.info, "tasks") }
    self.suites = suites
  }

  package var text: String {
    var text =
      "SUBJECTS (documented: Apple's Thread Safety Summary; sendable: the type's Sendable "
      + "conformance in this toolchain)\n"
    text += TextTable(
      header: ["id", "documented", "sendable", "reads", "summary"],
      rows: subjects.map { i in
        [
          i.id, i.documented.rawValue, i.sendable.map { $0 ? "yes" : "no" } ?? "?",
          i.readOnly ? "only" : "\(Int((i.defaultReadRatio * 100).rounded()))%", i.summary,
        ]
      }
    ).render()
    let referenced = subjects.compactMap { i in i.reference.map { (i.id, $0) } }
    if !referenced.isEmpty {
      text += "\nWHERE A CLASS'S OWN REFERENCE SAYS WHAT THE SUMMARY DOES NOT\n"
      for (id, reference) in referenced { text += "  \(id): \(reference)\n" }
    }
    let declared = subjects.filter { !$0.calls.isEmpty || !$0.inputs.isEmpty }
    if !declared.isEmpty {
      text += "\nWHAT EACH SUBJECT CALLS AND DRAWS (its verdict covers these; edge values first)\n"
      for i in declared {
        text += "  \(i.id)\n"
        if !i.calls.isEmpty {
          text += TextWrap.paragraph("calls: " + i.calls.joined(separator: "; "), indent: "    ")
        }
        for input in i.inputs { text += TextWrap.paragraph("inputs: " + input, indent: "    ") }
        if !i.edges.isEmpty && !i.calls.isEmpty {
          text += TextWrap.paragraph(
            "focused trials: \(i.calls.count * i.edges.count) pairs (\(i.calls.count) calls x "
              + "\(i.edges.count) edge values), every thread on one pair", indent: "    ")
        }
        if let out = i.leavesOut {
          text += TextWrap.paragraph("leaves out: " + out, indent: "    ")
        }
      }
    }
    let asynchronous = subjects.filter { asyncOperations[$0.id] != nil }
    if !asynchronous.isEmpty {
      text +=
        "\nASYNC MODEL TESTS (each thread's calls made by a task; they run bare)\n"
      for i in asynchronous {
        text += TextWrap.paragraph(
          "\(i.id): async " + asyncOperations[i.id]!.joined(separator: ", "), indent: "  ")
      }
    }
    text += "\nWRAPPERS\n"
    text += TextTable(
      header: ["id", "protected", "reads", "driver", "summary"],
      rows: wrappers.map { info, driver in
        [
          info.id, info.isProtected ? "yes" : "no",
          !info.isProtected ? "bare" : info.sharesReads ? "together" : "one at a time", driver,
          info.summary,
        ]
      }
    ).render()
    let sharing = wrappers.map(\.info).filter(\.sharesReads).map(\.id)
    if !sharing.isEmpty {
      text +=
        "\n"
        + TextWrap.paragraph(
          "Reads together: \(SharedReads.list(sharing)) guard writes only and leave concurrent "
            + "reads unprotected, so a read-only subject (reads: only) runs under "
            + "\(sharing.count == 1 ? "it" : "them") as bare as under unprotected.", indent: "  ")
    }
    text += "\nSUITES\n"
    text +=
      suites.isEmpty
      ? "  (none found in $STRESS_SUITES, ./Suites or a Suites folder above the executable)\n"
      : TextTable(
        header: ["name", "description"],
        rows: suites.map { [$0.name, $0.suite?.description ?? "(unreadable)"] }
      ).render()
    return text
  }

  package var json: String {
    JSONOutput.encode(
      Document(
        subjects: subjects.map { i in
          .init(
            id: i.id, documented: i.documented.rawValue, reference: i.reference,
            sendable: i.sendable, expectations: i.expectations.map(\.reason),
            readRatio: i.defaultReadRatio, readOnly: i.readOnly, hidden: i.hidden,
            summary: i.summary, calls: i.calls, inputs: i.inputs,
            focusEdges: i.calls.isEmpty ? [] : i.edges, leavesOut: i.leavesOut,
            model: models.contains(i.id), asyncOperations: asyncOperations[i.id] ?? [],
            strategies: models.contains(i.id) ? Self.modelStrategies : ["stress"])
        },
        wrappers: wrappers.map { info, driver in
          .init(
            id: info.id, protected: info.isProtected, sharesReads: info.sharesReads,
            driver: driver, summary: info.summary)
        },
        suites: suites.map {
          .init(name: $0.name, description: $0.suite?.description, subjects: $0.suite?.subjects)
        }))
  }

  /// What `--strategy` accepts for a model test (a replay with its token).
  static let modelStrategies = ["stress", "random-walk", "pct", "exhaustive", "replay"]

  /// `stress list --format json`.
  struct Document: Encodable {
    var formatVersion = 1
    var subjects: [Subject]
    var wrappers: [Wrapper]
    var suites: [SuiteEntry]

    struct Subject: Encodable {
      var id: String
      var documented: String
      /// What the class's own reference says beyond the Summary, with its source.
      var reference: String?
      var sendable: Bool?
      /// Why the subject must never fail under some wrappers (see `Expectation`).
      var expectations: [String]
      var readRatio: Double
      var readOnly: Bool
      var hidden: Bool
      var summary: String
      /// The calls its operations make, so its verdict is read as covering these.
      var calls: [String]
      /// Its input domains, edge values first.
      var inputs: [String]
      /// The edge values its focused trials pin, each with every call (empty: mixed trials
      /// only).
      var focusEdges: [String]
      var leavesOut: String?
      /// Whether it is a model test (`ModelTest`): checked for linearizability, and explored
      /// under the controlled scheduler by `--strategy`.
      var model: Bool
      /// A model test's async operations: made by tasks, and run bare.
      var asyncOperations: [String]
      /// The `--strategy` values it accepts: a model test every one, another subject stress.
      var strategies: [String]
    }

    struct Wrapper: Encodable {
      var id: String
      var `protected`: Bool
      /// Lets reads overlap: a read-only subject is unprotected under it.
      var sharesReads: Bool
      var driver: String
      var summary: String
    }

    struct SuiteEntry: Encodable {
      var name: String
      /// nil when the suite file cannot be read.
      var description: String?
      var subjects: [String]?
    }

    init(subjects: [Subject], wrappers: [Wrapper], suites: [SuiteEntry]) {
      self.subjects = subjects
      self.wrappers = wrappers
      self.suites = suites
    }
  }
}
