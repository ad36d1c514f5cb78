import Foundation
import FoundationSubjects
import StressTestSupport
import Testing

@testable import StressKit

@Suite struct PlanTests {
  let catalog = FoundationCatalog.catalog

  /// A suite file in a fresh temporary directory.
  func directory(with json: String, name: String = "s") throws -> String {
    let dir = try TestDirectory.make("stress-plan")
    try json.write(
      to: dir.appendingPathComponent("\(name).json"), atomically: true, encoding: .utf8)
    return dir.path
  }

  /// Each plan error's wording, plain and in the options' spelling, is in `PlanError` alone.
  @Test func aPlanErrorSaysItselfForTheCommandLineInTheOptionsSpelling() {
    #expect(
      PlanError.opsAndDuration.description == "Give either an ops budget or a duration, not both.")
    #expect(
      PlanError.opsAndDuration.commandLine == "Give either '--ops' or '--duration', not both.")
    // An error that names no setting reads the same both ways.
    #expect(PlanError.threadCount(0).commandLine == PlanError.threadCount(0).description)
  }

  @Test func cellsAreSubjectByWrapperByThreads() throws {
    let dir = try directory(
      with:
        #"{"subjects": ["counter", "nsarray"], "wrappers": ["unprotected", "lock"], "threads": [1, 2, 4]}"#
    )
    var options = RunOptions()
    options.suite = "s"
    let plan = try Plan(options: options, catalog: catalog, suiteDirectories: [dir])
    #expect(plan.cells.count == 2 * 2 * 3)
    #expect(plan.cells[0].subject == "counter" && plan.cells[0].wrapper == "unprotected")
    #expect(plan.cells.map(\.threads).prefix(3) == [1, 2, 4])
    #expect(plan.cells.first { $0.subject == "nsarray" }?.readRatio == 1)
    #expect(plan.cells.first { $0.subject == "counter" }?.readRatio == 0.5)
    #expect(plan.cells.first { $0.wrapper == "unprotected" }?.isProtected == false)
    #expect(plan.suite == "s")
  }

  /// A user's catalog with an id no list can name, or no reader takes back, is refused before
  /// anything runs: it used to run and write rows that every reader then refused.
  @Test(arguments: [
    ("", "'' cannot be used: it is empty."),
    ("a,b", "'a,b' cannot be used: it holds a comma"),
    ("bell\u{7}", "cannot be used: it holds a control character."),
    (" padded", "' padded' cannot be used: it starts or ends with a space"),
  ])
  func aCatalogIdThatCannotBeNamedIsRefused(id: String, problem: String) throws {
    let named: [any OddID.Type] = [Empty.self, Comma.self, Control.self, Spaced.self]
    let odd = try #require(named.first { $0.id == id })
    let custom = Self.standard(adding: odd)
    var options = RunOptions()
    options.subjects = ["noop-free-name"]
    do {
      _ = try Plan(options: options, catalog: custom, suiteDirectories: [])
      Issue.record("planned with subject id '\(id)'")
    } catch {
      guard case .invalidCatalog(let text) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(text.hasPrefix("The catalog's subject id") && text.contains(problem), "\(text)")
    }
    #expect(Catalog.idProblem("counter") == nil && Catalog.idProblem("my cache") == nil)
  }

  /// The standard catalog with a subject named by `N`.
  static func standard<N: OddID>(adding _: N.Type) -> Catalog {
    var custom = Catalog.standard
    custom.add(OddlyNamed<N>.self)
    return custom
  }

  @Test func aSubjectThatNeedsThreadsHasNoTaskDrivenCells() throws {
    var options = RunOptions()
    options.subjects = ["thread-dictionary", "counter"]
    options.wrappers = ["lock", "actor"]
    options.threads = [2]
    let plan = try Plan(options: options, catalog: catalog, suiteDirectories: [])
    // Under the actor, a "thread" is a task on a shared pool: thread-dictionary is not run.
    #expect(
      plan.cells.map { "\($0.subject)/\($0.wrapper)" } == [
        "thread-dictionary/lock", "counter/lock", "counter/actor",
      ])
    options.wrappers = ["actor"]
    #expect(throws: PlanError.subjectNeedsThreads(subject: "thread-dictionary")) {
      try Plan(options: options, catalog: catalog, suiteDirectories: [])
    }
  }

  @Test func commandLineBeatsSuiteBeatsPreset() throws {
    let dir = try directory(
      with:
        #"{"subjects": ["counter"], "read_ratio": 0.1, "budgets": {"quick": {"trials": 3, "ops": 77}}}"#
    )
    var options = RunOptions()
    options.suite = "s"
    options.mode = .quick
    var plan = try Plan(options: options, catalog: catalog, suiteDirectories: [dir])
    #expect(plan.trials == 3)
    #expect(plan.bound == .ops(77))
    #expect(plan.cells[0].readRatio == 0.1)
    #expect(plan.timeout == Mode.quick.preset.timeout)
    #expect(plan.cells.count == catalog.wrapperInfos.count * Suite.defaultThreads.count)

    options.trials = 9
    options.seconds = 0.5
    options.readRatios = [0.9]
    options.timeout = 2
    options.seed = 42
    plan = try Plan(options: options, catalog: catalog, suiteDirectories: [dir])
    #expect(plan.trials == 9)
    #expect(plan.bound == .seconds(0.5))
    #expect(plan.cells[0].readRatio == 0.9)
    #expect(plan.timeout == 2)
    #expect(plan.seed(forTrial: 3) == 45)
  }

  @Test func modeTimeoutIsAMarginOnTopOfTheDuration() throws {
    var options = RunOptions()
    options.subjects = ["counter"]
    options.seconds = 3
    var plan = try Plan(options: options, catalog: catalog, suiteDirectories: [])
    #expect(plan.timeout == Mode.default.preset.timeout! + 3)
    options.timeout = 2
    #expect {
      try Plan(options: options, catalog: catalog, suiteDirectories: [])
    } throws: { "\($0)".contains("must be longer than the trial duration") }
    options.timeout = 4
    plan = try Plan(options: options, catalog: catalog, suiteDirectories: [])
    #expect(plan.timeout == 4)
  }

  @Test func subjectsAloneUseDefaults() throws {
    var options = RunOptions()
    options.subjects = ["counter"]
    let plan = try Plan(options: options, catalog: catalog, suiteDirectories: [])
    #expect(plan.suite == "custom")
    #expect(plan.cells.count == catalog.wrapperInfos.count * 4)
    #expect(plan.trials == Mode.default.preset.trials)
  }

  @Test func aTimeoutTooShortForAWorkerToAnswerIsRefused() throws {
    var options = RunOptions()
    options.subjects = ["counter"]
    options.timeout = 0.001
    #expect(throws: PlanError.timeoutTooShort(0.001)) {
      try Plan(options: options, catalog: catalog, suiteDirectories: [])
    }
    #expect(
      PlanError.timeoutTooShort(0.001).description
        .hasPrefix("Timeout (0.001 s) must be at least 0.1 s: a worker takes about that"))
    options.timeout = 0.1
    #expect(try Plan(options: options, catalog: catalog, suiteDirectories: []).timeout == 0.1)
  }

  @Test func aStrategyRunsModelTestsBareWithItsOwnControlAndIsPartOfThePlansDigest() throws {
    var options = RunOptions()
    options.subjects = ["selftest-scheduled-atomic"]
    options.seed = 5
    let stressed = try Plan(options: options, catalog: catalog, suiteDirectories: [])
    options.strategy = .pct(depth: 2)
    let explored = try Plan(options: options, catalog: catalog, suiteDirectories: [])
    #expect(Set(explored.cells.map(\.wrapper)) == ["unprotected"])
    #expect(explored.cells.map(\.threads) == Suite.defaultThreads)
    // A random strategy's control is the scheduled lost update, explored the same way; a
    // search has none.
    #expect(stressed.control && explored.control)
    #expect(stressed.controlCell(threads: 2).subject == "positive-control")
    let control = explored.controlCell(threads: 2)
    #expect(control.subject == "positive-control-scheduled" && control.strategy == .pct(depth: 2))
    #expect(control.isControl)
    options.strategy = .exhaustive(preemptions: 1)
    #expect(!(try Plan(options: options, catalog: catalog, suiteDirectories: []).control))
    options.strategy = .pct(depth: 2)
    #expect(explored.fingerprint != stressed.fingerprint)
    options.strategy = .pct(depth: 3)
    #expect(
      try Plan(options: options, catalog: catalog, suiteDirectories: []).fingerprint
        != explored.fingerprint)
    // A replay runs at its token's thread count.
    options.strategy = .replay("3.5.0.012")
    #expect(
      try Plan(options: options, catalog: catalog, suiteDirectories: []).cells.map(\.threads) == [3]
    )
  }

  @Test(arguments: [
    (["suite": "colections"], "Unknown suite 'colections'. Did you mean 'collections'?"),
    (["subjects": "swift-aray"], "Unknown subject 'swift-aray'. Did you mean 'swift-array'?"),
    (["subjects": "counter", "wrappers": "lok"], "Unknown wrapper 'lok'. Did you mean 'lock'?"),
    ([:], "Nothing to run: neither a suite nor subjects were named."),
  ])
  func reportsWhatIsWrong(fields: [String: String], message: String) throws {
    let dir = try directory(with: #"{"subjects": ["counter"]}"#, name: "collections")
    var options = RunOptions()
    options.suite = fields["suite"]
    options.subjects = fields["subjects"].map { [$0] }
    options.wrappers = fields["wrappers"].map { [$0] }
    #expect {
      try Plan(options: options, catalog: catalog, suiteDirectories: [dir])
    } throws: { error in
      "\(error)".hasPrefix(message)
    }
  }

  @Test func contradictoryOptionsAreRefusedBeforeAnythingIsRead() {
    func error(_ change: (inout RunOptions) -> Void) -> PlanError? {
      var options = RunOptions()
      options.subjects = ["counter"]
      change(&options)
      do {
        _ = try Plan(options: options, catalog: catalog, suiteDirectories: [])
        return nil
      } catch { return error }
    }
    #expect(error { $0.subjects = nil } == .nothingToRun)
    #expect(error { $0.readers = [1] } == .readersWithoutWriters)
    #expect(error { $0.writers = [1] } == .readersWithoutWriters)
    #expect(
      error { ($0.readers, $0.writers, $0.threads) = ([1], [1], [2]) } == .readersReplaceThreads)
    #expect(
      error { ($0.readers, $0.writers, $0.readRatios) = ([1], [1], [0.5]) }
        == .readersReplaceThreads)
    #expect(error { ($0.readers, $0.writers) = ([0], [0]) } == .noThreads)
    // A pair of none and none among the lists is no cell either.
    #expect(error { ($0.readers, $0.writers) = ([0, 2], [0, 1]) } == .noThreads)
    #expect(error { $0.readRatios = [0.5, 1.5] } == .readRatio(1.5))
    #expect(error { ($0.ops, $0.seconds) = (10, 1) } == .opsAndDuration)
    // A suite that does not exist is not looked for: the options were wrong first.
    #expect(error { ($0.suite, $0.ops, $0.seconds) = ("nowhere", 10, 1) } == .opsAndDuration)
    #expect(error { $0.threads = [0] } == .threadCount(0))
    #expect(error { $0.trials = 0 } == .budget(.trials, 0))
  }

  @Test func readersAndWritersSetTheThreads() throws {
    var options = RunOptions()
    options.subjects = ["counter"]
    options.readers = [3]
    options.writers = [1]
    var plan = try Plan(options: options, catalog: catalog, suiteDirectories: [])
    #expect(plan.cells.allSatisfy { $0.threads == 4 && $0.readers == 3 && $0.writers == 1 })
    // Lists give a cell per pair, in order, a repeat folded.
    options.readers = [1, 3, 7, 3]
    options.writers = [1, 2]
    options.wrappers = ["lock"]
    plan = try Plan(options: options, catalog: catalog, suiteDirectories: [])
    #expect(
      plan.cells.map { "\($0.readers!)r\($0.writers!)w" }
        == ["1r1w", "1r2w", "3r1w", "3r2w", "7r1w", "7r2w"])
    options.readers = [3]
    options.writers = [1]
    options.wrappers = nil
    options.subjects = ["nsarray"]
    #expect { try Plan(options: options, catalog: catalog, suiteDirectories: []) } throws: {
      "\($0)".contains("read-only")
    }
    options.subjects = ["counter"]
    options.writers = nil
    #expect { try Plan(options: options, catalog: catalog, suiteDirectories: []) } throws: {
      "\($0)".contains("together")
    }
  }

  @Test func readMixesAreADimension() throws {
    var options = RunOptions()
    options.subjects = ["counter", "nsarray"]
    options.wrappers = ["lock", "unprotected"]
    options.threads = [1, 2]
    options.readRatios = [0.5, 0.99, 0.5]
    let plan = try Plan(options: options, catalog: catalog, suiteDirectories: [])
    let counter = plan.cells.filter { $0.subject == "counter" }
    // Wrapper, then mix, then threads; the repeated 0.5 folded.
    #expect(
      counter.map { "\($0.wrapper)/\($0.readRatio)/\($0.threads)" } == [
        "lock/0.5/1", "lock/0.5/2", "lock/0.99/1", "lock/0.99/2", "unprotected/0.5/1",
        "unprotected/0.5/2", "unprotected/0.99/1", "unprotected/0.99/2",
      ])
    // A read-only subject has its one mix, all reads.
    #expect(plan.cells.filter { $0.subject == "nsarray" }.allSatisfy { $0.readRatio == 1 })
    #expect(plan.cells.filter { $0.subject == "nsarray" }.count == 4)
    // Every cell is its own, in the CSV's key too.
    #expect(Set(plan.cells.map(CellKey.init)).count == plan.cells.count)
  }

  @Test func warmupComesFromTheModeUnlessGiven() throws {
    var options = RunOptions()
    options.subjects = ["counter"]
    #expect(try Plan(options: options, catalog: catalog, suiteDirectories: []).warmup == 1)
    options.mode = .quick
    #expect(try Plan(options: options, catalog: catalog, suiteDirectories: []).warmup == 0)
    options.warmup = 3
    #expect(try Plan(options: options, catalog: catalog, suiteDirectories: []).warmup == 3)
  }

  @Test func dispatchApplyNeedsAnOpsBudget() {
    var options = RunOptions()
    options.subjects = ["counter"]
    options.driver = .dispatchApply
    options.seconds = 1
    #expect { try Plan(options: options, catalog: catalog, suiteDirectories: []) } throws: {
      "\($0)".contains("dispatch-apply")
    }
  }

  @Test func freshInstancesNeedAnOpsBudget() {
    var options = RunOptions()
    options.subjects = ["counter"]
    options.tuning.instances = 10
    options.seconds = 1
    #expect(throws: PlanError.instancesNeedOps) {
      try Plan(options: options, catalog: catalog, suiteDirectories: [])
    }
  }
}

protocol OddID { static var id: String { get } }
enum Empty: OddID { static let id = "" }
enum Comma: OddID { static let id = "a,b" }
enum Control: OddID { static let id = "bell\u{7}" }
enum Spaced: OddID { static let id = " padded" }

/// A subject named by `N`, for ids a user might give.
final class OddlyNamed<N: OddID>: StressSubject, @unchecked Sendable {
  static var info: SubjectInfo {
    SubjectInfo(id: N.id, summary: "test: an odd id", documented: .notListed, traits: [.hidden])
  }
  init(shape: TrialShape) {}
  func write(_ step: Step) {}
  func read(_ step: Step) -> String? { nil }
  func check(writesPerThread: [Int]) -> Violations { Violations() }
}
