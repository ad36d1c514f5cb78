import Foundation
import FoundationSubjects
import Testing

@testable import StressKit

@Suite struct SuiteTests {
  func parse(_ json: String) throws(PlanError) -> Suite {
    try Suite.parse(Data(json.utf8), name: "t", source: "t.json")
  }

  @Test func parsesEveryKey() throws {
    let suite = try parse(
      """
      {"description": "d", "subjects": ["counter"], "wrappers": ["lock"], "threads": [1, 3],
       "read_ratio": 0.25, "budgets": {"quick": {"trials": 2, "ops": 50, "timeout": 3},
       "tough": {"seconds": 1.5}}}
      """)
    #expect(suite.description == "d")
    #expect(suite.subjects == ["counter"])
    #expect(suite.wrappers == ["lock"])
    #expect(suite.threads == [1, 3])
    #expect(suite.readRatios == [0.25])
    #expect(suite.budgets[.quick] == Budget(trials: 2, ops: 50, timeout: 3))
    #expect(suite.budgets[.tough] == Budget(seconds: 1.5))
  }

  @Test func readRatiosAreAList() throws {
    #expect(
      try parse(#"{"subjects": ["c"], "read_ratios": [0, 0.5, 0.99]}"#).readRatios == [
        0, 0.5, 0.99,
      ])
    for bad in [
      #"{"subjects": ["c"], "read_ratios": []}"#, #"{"subjects": ["c"], "read_ratios": [2]}"#,
      #"{"subjects": ["c"], "read_ratio": 0.5, "read_ratios": [0.9]}"#,
    ] {
      #expect(throws: PlanError.self) { try parse(bad) }
    }
  }

  /// Each problem a suite file can have is a case, worded in `SuiteProblem` alone.
  @Test func aSuiteFilesProblemIsACaseWordedInOnePlace() {
    #expect(throws: PlanError.invalidSuite(path: "t.json", problem: .readRatioAndRatios)) {
      try parse(#"{"subjects": ["c"], "read_ratio": 0.5, "read_ratios": [0.9]}"#)
    }
    #expect(
      throws: PlanError.invalidSuite(path: "t.json", problem: .opsAndSeconds(key: "budgets.quick"))
    ) {
      try parse(#"{"subjects": ["a"], "budgets": {"quick": {"ops": 1, "seconds": 1}}}"#)
    }
    #expect(
      PlanError.invalidSuite(path: "t.json", problem: .readRatioAndRatios).description
        == "Suite file 't.json': give 'read_ratio' or 'read_ratios', not both.")
    // And why a run cannot be resumed, in `ResumeProblem`.
    #expect(
      PlanError.cannotResume(path: "r.csv", problem: .repeatedTrial(line: 3)).description
        == "Cannot resume 'r.csv': row 3 repeats a trial.")
    #expect(
      ResumeProblem.earlierVersion(missing: ["burst", "forks"]).description
        == "it was written by an earlier version of stress (it lacks a column: 'burst' or 'forks')")
  }

  @Test(arguments: [
    ("{", "is not valid JSON"),
    ("{\n  \"subjects\": [\"a\"\n  \"x\": 1\n}", "is not valid JSON at line 3, column 3"),
    ("[]", "expected a JSON object"),
    (#"{"subjects": ["a"], "treads": [1]}"#, "unknown key 'treads'. Did you mean 'threads'?"),
    (#"{"wrappers": ["lock"]}"#, "'subjects' is required"),
    (#"{"subjects": []}"#, "'subjects' must be a non-empty array"),
    (#"{"subjects": "counter"}"#, "'subjects' must be a non-empty array"),
    (#"{"subjects": [1]}"#, "entries must be non-empty strings"),
    (#"{"subjects": ["a"], "threads": [0]}"#, "'threads' entries must be whole numbers"),
    (#"{"subjects": ["a"], "threads": [1.5]}"#, "'threads' entries must be whole numbers"),
    (#"{"subjects": ["a"], "threads": []}"#, "'threads' must be a non-empty array"),
    (#"{"subjects": ["a"], "read_ratio": 2}"#, "'read_ratio' must be a number from 0 to 1"),
    (#"{"subjects": ["a"], "budgets": {"quik": {}}}"#, "unknown mode 'quik'"),
    (#"{"subjects": ["a"], "budgets": {"quick": {"trials": 0}}}"#, "'budgets.quick.trials'"),
    (#"{"subjects": ["a"], "budgets": {"quick": {"ops": 1, "seconds": 1}}}"#, "sets both"),
    (#"{"subjects": ["a"], "description": 3}"#, "'description' must be a string"),
  ])
  func rejectsBadSuiteFiles(json: String, message: String) {
    #expect {
      try parse(json)
    } throws: { error in
      "\(error)".contains(message) && "\(error)".contains("t.json")
    }
  }

  @Test func theRepositorySuitesResolveAgainstTheCatalog() throws {
    let dir = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Suites").path
    let names = Suite.availableNames(in: [dir])
    #expect(names.contains("collections"))
    for name in names {
      var options = RunOptions()
      options.suite = name
      let plan = try Plan(
        options: options, catalog: FoundationCatalog.catalog, suiteDirectories: [dir])
      #expect(!plan.cells.isEmpty, "\(name)")
    }
    let collections = try Suite.locate("collections", in: [dir])
    #expect(
      Set(collections.subjects) == [
        "swift-array", "swift-dictionary", "swift-set", "nsmutablearray", "nsmutabledictionary",
        "nsmutableset", "nscountedset", "nsarray", "nsdictionary",
      ])
    #expect(collections.threads == [1, 2, 4, 8])
  }

  /// `all` holds every subject but the misuse ones, and every subject is in a family suite.
  @Test func allCoversTheCatalogAndEverySubjectHasAFamily() throws {
    let dir = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Suites").path
    let visible = FoundationCatalog.catalog.visibleSubjects.map { $0.info }
    let all = try Suite.locate("all", in: [dir])
    #expect(Set(all.subjects) == Set(visible.filter { !$0.failsAlone }.map(\.id)))
    let families = [
      "collections", "formatters", "calendars", "singletons", "notifications", "misc", "misuse",
      "locks", "pairs", "linux", "values", "runtime", "models", "servers",
    ]
    let covered = try families.flatMap { try Suite.locate($0, in: [dir]).subjects }
    let baselines: Set = ["counter", "noop", "photomanager"]
    #expect(Set(visible.map(\.id)).subtracting(covered).subtracting(baselines).isEmpty)
    let seeds = try Suite.locate("seeds", in: [dir]).subjects
    #expect(seeds.contains("photomanager") && seeds.contains("singleton-static-let"))
  }
}
