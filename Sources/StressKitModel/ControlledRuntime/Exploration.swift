import StressKitCore
import StressPlatform

/// A model test's scenarios run under the controlled scheduler: each schedule a fresh
/// instance, the initial part on the explorer's thread, the parallel part on controlled
/// threads one step at a time, the post part last, and every history checked for
/// linearizability against the sequential specification, with logical time for real time.
package enum Exploration<M: ModelTest> {
  /// What one parallel thread answered: each call's result and its logical call and
  /// response times. Written by its controlled thread, read by the explorer after the run.
  final class Lane: @unchecked Sendable {
    var records: [(result: ModelValue, call: UInt64, response: UInt64)] = []
  }

  /// A scenario with its specification and checker, kept for all of its schedules.
  struct Drawn {
    let number: Int
    let scenario: Scenario
    /// Given, not drawn from the seed (a stress failure's): its tokens spell it.
    var fixed = false
    /// The parallel part's calls as the trace names them, thread after thread.
    let names: [String]
    let ids: [[Int]]
    let specification: SequentialSpecification
    let checker: LinearizabilityChecker<Int, Int, Int>
  }

  /// Scenario `number` of `seed`. Under the controlled scheduler a schedule is cheap and a
  /// scenario that can fail is what is rare, so the initial and parallel parts draw a write
  /// nine times in ten (a conflict needs writes, and a write's answer often shows it) and
  /// the post part reads half the time, to see the state the threads left. On CacheDemo's
  /// account and a lost update over 300 seeds, this and a new scenario every schedule found
  /// the bugs within 100 random-walk schedules for 299 and 300 seeds, against 175 and 300
  /// with reads half the time everywhere and ten schedules a scenario (BENCHMARKS.md).
  static func draw(_ number: Int, threads: Int, seed: UInt64) -> Drawn {
    var random = SplitMix64(seed: seed, stream: number)
    let scenario = Scenario.random(
      M.operations, threads: threads, options: M.scenarios, readRatio: 0.1, postReadRatio: 0.5,
      using: &random)
    return drawn(scenario, number: number)
  }

  /// `scenario`, numbered `number`, with its specification and checker.
  static func drawn(_ scenario: Scenario, number: Int, fixed: Bool = false) -> Drawn {
    var calls: [Scenario.Call] = []
    var numbered: [Scenario.Call: Int] = [:]
    let ids = scenario.lanes.map { lane in
      lane.map { call in
        if let id = numbered[call] { return id }
        numbered[call] = calls.count
        calls.append(call)
        return calls.count - 1
      }
    }
    let specification = SequentialSpecification(
      operations: M.operations, calls: calls, make: M.makeSpecification, state: M.state(of:))
    let checker = LinearizabilityChecker<Int, Int, Int>(initial: specification.root) {
      specification.step($0, $1, $2)
    }
    return Drawn(
      number: number, scenario: scenario, fixed: fixed,
      names: scenario.parallel.joined().map { Scenario.describe($0, M.operations) }, ids: ids,
      specification: specification, checker: checker)
  }

  /// Explores up to `schedules` schedules of `threads` threads with `strategy`, and for no
  /// longer than `seconds` if given (at least one schedule). A failure is the result's finding,
  /// as data: its report is left for the caller's words (`FindingText` in the reports).
  /// `now` is the clock a history's check reads against its deadline.
  package static func run(
    strategy: ScheduleStrategy, threads: Int, schedules: Int, seconds: Double? = nil,
    seed: UInt64, scenario fixed: Scenario? = nil, stuckAfter: Double,
    now: @escaping @Sendable () -> UInt64 = Platform.monotonicNanos
  ) -> ExplorationResult {
    if let refused = refusal(
      strategy: strategy, threads: threads, schedules: schedules, seconds: seconds,
      stuckAfter: stuckAfter)
    {
      return ExplorationResult(
        verdict: .notRun, schedules: 0, scenarios: 0, exhausted: false,
        report: "not run: \(refused)", replay: nil)
    }
    var threads = threads
    var seed = seed
    var firstScenario = 0
    var fixed = fixed
    var replayed: [Int]?
    if case .replay(let text) = strategy {
      switch Self.replayed(text) {
      case .failure(let problem):
        return ExplorationResult(
          verdict: .notRun, schedules: 0, scenarios: 0, exhausted: false,
          report: "not run: \(problem.text)", replay: nil)
      case .success(let token):
        (threads, seed, firstScenario, replayed) =
          (token.threads, token.seed, token.scenario, token.choices)
        fixed = token.calls
      }
    }
    if let fixed, let wrong = wrong(fixed, threads: threads) {
      return ExplorationResult(
        verdict: .notRun, schedules: 0, scenarios: 0, exhausted: false,
        report: "not run: the scenario given does not fit \(M.self): \(wrong)", replay: nil)
    }
    guard threads <= ControlledScheduler.maxThreads else {
      return ExplorationResult(
        verdict: .notRun, schedules: 0, scenarios: 0, exhausted: false,
        report: "not run: the controlled scheduler runs at most "
          + "\(ControlledScheduler.maxThreads) threads, not \(threads)", replay: nil)
    }
    // The explorer runs on a thread of its own, and this one waits: a call of the initial or
    // post part (or of a failure's one-thread check) runs outside the scheduler, and if it
    // blocks, only a watcher outside can report it instead of waiting forever.
    let watch = ExplorerWatch()
    let (explorerThreads, explorerSeed) = (threads, seed)
    let (scenarioOne, choices, given) = (firstScenario, replayed, fixed)
    if let reason = Platform.startThread({
      watch.finish(
        explore(
          strategy: strategy, threads: explorerThreads, schedules: schedules, seconds: seconds,
          seed: explorerSeed, firstScenario: scenarioOne, fixed: given, replayed: choices,
          stuckAfter: stuckAfter, now: now, watch: watch))
    }) {
      return ExplorationResult(
        verdict: .notRun, schedules: 0, scenarios: 0, exhausted: false,
        report: "not run: the explorer's thread could not start: \(reason)", replay: nil)
    }
    let result = watch.wait {
      blocked(
        watch, threads: explorerThreads, seed: explorerSeed, strategy: strategy,
        stuckAfter: stuckAfter)
    }
    return result
      ?? ExplorationResult(
        verdict: .notRun, schedules: 0, scenarios: 0, exhausted: false,
        report: "not run: the explorer ended without a result", replay: nil)
  }

  /// Why a given scenario cannot run against this test's operations, if it cannot.
  static func wrong(_ scenario: Scenario, threads: Int) -> String? {
    guard scenario.parallel.count == threads else {
      return "it has \(scenario.parallel.count) threads, not \(threads)"
    }
    for call in scenario.lanes.joined() {
      guard M.operations.indices.contains(call.operation) else {
        return "it has no operation \(call.operation)"
      }
      let domains = M.operations[call.operation].domains
      guard domains.count == call.choices.count,
        zip(domains, call.choices).allSatisfy({ $0.indices.contains($1) })
      else { return "\(M.operations[call.operation].name) has no arguments \(call.choices)" }
    }
    return nil
  }

  /// Why a replay token cannot be this test's, in words.
  package struct TokenProblem: Error {
    package let text: String
  }

  /// `text` read as a replay of this test: refused if it is no token, another test's, or a
  /// scenario this test cannot run. The same check the command line makes before a run.
  package static func replayed(_ text: String) -> Result<ReplayToken, TokenProblem> {
    let token: ReplayToken
    do throws(ReplayToken.Invalid) {
      token = try ReplayToken(parsing: text)
    } catch {
      return .failure(TokenProblem(text: "'\(text)': \(error)"))
    }
    // A token says what it replays: another test's schedule is refused, not run as if it
    // were this one's and then blamed on this one's code.
    if let subject = token.subject, subject != M.info.id {
      return .failure(TokenProblem(text: "the replay token is \(subject)'s, not \(M.info.id)'s"))
    }
    if let calls = token.calls, let wrong = wrong(calls, threads: token.threads) {
      return .failure(
        TokenProblem(text: "the scenario given does not fit \(M.self): \(wrong)"))
    }
    return .success(token)
  }

  /// Why arguments no exploration can run with are refused, if they are: the caller's code,
  /// so it is told, never trapped on or quietly changed.
  private static func refusal(
    strategy: ScheduleStrategy, threads: Int, schedules: Int, seconds: Double?,
    stuckAfter: Double
  ) -> String? {
    if M.operations.isEmpty { return "\(M.self) has no operations to explore" }
    if threads < 1 { return "threads must be at least 1, not \(threads)" }
    if schedules < 1 { return "schedules must be at least 1, not \(schedules)" }
    if let seconds, !(seconds > 0 && seconds.isFinite) {
      return "seconds must be a positive number, not \(seconds)"
    }
    if !(stuckAfter > 0 && stuckAfter <= 86_400) {
      return "stuckAfter must be from 0 to 86,400 seconds, not \(stuckAfter)"
    }
    if let problem = M.scenarios.problem { return "ScenarioOptions.\(problem)" }
    switch strategy {
    case .pct(let depth) where depth < 1: return "PCT's depth must be at least 1, not \(depth)"
    case .exhaustive(let bound) where bound < 0:
      return "preemptions must be at least 0, not \(bound)"
    default: return nil
    }
  }
}
