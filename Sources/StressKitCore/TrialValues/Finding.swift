/// A failure the engine found, as data from the worker to every report: what kind it is, the
/// scenario and interleaving that show it, the token that replays it, and where a crash was.
/// Reports word it; nothing reads a finding back out of its text.
@usableFromInline
package struct Finding: Sendable, Codable, Equatable {
  /// What failed.
  @usableFromInline
  package enum Kind: String, Sendable, Codable, CaseIterable {
    /// A read saw a value no correct run can show (a stress trial).
    case corruptRead = "corrupt-read"
    /// The object's end state breaks what its writes promised (a stress trial).
    case endState = "end-state"
    /// A model test's history that no order of its calls explains.
    case notLinearizable = "not-linearizable"
    /// Two accesses to a `Shared` cell, one a write, that no scheduled primitive ordered.
    case dataRace = "data-race"
    /// Threads that can never go on, at scheduled primitives.
    case deadlock
    /// Threads that keep reaching primitives without finishing.
    case livelock
    /// A thread that ran on without reaching a primitive, or a call that never returned.
    case stuckThread = "stuck-thread"
    /// A primitive used against its rules: a lock unlocked by a thread that does not hold it,
    /// a condition waited on without its lock.
    case misuse = "misused-primitive"
    /// The worker died.
    case crash
    /// The worker gave no result in time and was killed.
    case hang
    /// The test fails with no other thread to race it: the test's failure, not a race's.
    case brokenTest = "broken-test"
    /// A replay that did not run as its token records.
    case replayDiverged = "replay-diverged"

    /// Whether its finding shows a model test's scenario, which reports print as a table.
    package var showsScenario: Bool {
      switch self {
      case .notLinearizable, .dataRace, .deadlock, .livelock, .stuckThread, .misuse: true
      default: false
      }
    }
  }

  /// One call of a scenario and what it answered (nil: it never returned).
  @usableFromInline
  package struct Call: Sendable, Codable, Equatable {
    package var call: String
    package var answer: String?

    package init(_ call: String, answer: String?) {
      self.call = call
      self.answer = answer
    }
  }

  /// A model test's scenario, shrunk where it could be: the initial part, each thread's
  /// calls, the post part.
  @usableFromInline
  package struct Scenario: Sendable, Codable, Equatable {
    package var initial: [Call]
    package var parallel: [[Call]]
    package var post: [Call]

    package init(initial: [Call], parallel: [[Call]], post: [Call]) {
      self.initial = initial
      self.parallel = parallel
      self.post = post
    }
  }

  /// One step of a controlled schedule: its thread (from 1), the operation it was in, what it
  /// did, and the primitive it did it at, if any.
  @usableFromInline
  package struct Step: Sendable, Codable, Equatable {
    package var thread: Int
    package var operation: String
    package var action: String
    package var primitive: String?

    package init(thread: Int, operation: String, action: String, primitive: String?) {
      self.thread = thread
      self.operation = operation
      self.action = action
      self.primitive = primitive
    }
  }

  /// A thread that could never go on: what it holds and what it waits for.
  @usableFromInline
  package struct Blocked: Sendable, Codable, Equatable {
    /// From 1.
    package var thread: Int
    package var operation: String
    package var holds: [String]
    /// The primitive it waits at, what it waits there for (a condition's `until:`), and the
    /// thread (from 1) holding what it waits for.
    package var waitsAt: String?
    package var until: String?
    package var holder: Int?

    package init(
      thread: Int, operation: String, holds: [String], waitsAt: String?, until: String?,
      holder: Int?
    ) {
      self.thread = thread
      self.operation = operation
      self.holds = holds
      self.waitsAt = waitsAt
      self.until = until
      self.holder = holder
    }
  }

  /// A call run outside the scheduler that did not return within `seconds`: in the initial
  /// part, the post part, or a history's check.
  @usableFromInline
  package struct BlockedCall: Sendable, Codable, Equatable {
    package enum Part: String, Sendable, Codable {
      case initial
      case post
      case check
    }

    package var part: Part
    package var call: String
    package var seconds: Double

    package init(_ part: Part, call: String, seconds: Double) {
      self.part = part
      self.call = call
      self.seconds = seconds
    }
  }

  /// One access of a data race: its thread (from 1), its operation, its step in the
  /// interleaving (from 1), and whether it wrote.
  @usableFromInline
  package struct Access: Sendable, Codable, Equatable {
    package var thread: Int
    package var operation: String
    package var step: Int
    package var writes: Bool

    package init(thread: Int, operation: String, step: Int, writes: Bool) {
      self.thread = thread
      self.operation = operation
      self.step = step
      self.writes = writes
    }
  }

  /// What a finding's report tells beside its scenario and interleaving.
  @usableFromInline
  package enum Circumstance: Sendable, Codable, Equatable {
    /// Under stress: the scenario failed in `failed` of `of` invocations, and was shrunk from
    /// `calls` calls.
    case invocations(failed: Int, of: Int, calls: Int)
    /// A controlled schedule's history, its threads switched `switches` times.
    case history(switches: Int)
    /// The scenario fails run on one thread as well.
    case failsAlone
    /// Under stress, the test's sanity pass: on one thread, it answered what its
    /// specification would not.
    case answersAlone
    /// Two accesses to the cell `cell`, the earlier first, that no primitive ordered.
    case race(cell: String, first: Access, second: Access)
    /// Every thread left, blocked for good.
    case deadlock([Blocked])
    /// No schedule finished within `points` steps.
    case livelock(points: Int)
    /// Thread `thread` (from 1) ran `seconds` in `operation` without reaching a primitive.
    case spin(thread: Int, operation: String?, seconds: Double)
    /// A call outside the scheduler blocked.
    case blocked(BlockedCall)
    /// Thread `thread` (from 1), in `operation`, used `primitive` against its rules: `what`.
    case misuse(thread: Int, operation: String, primitive: String, what: String)
  }

  /// What failed.
  package var kind: Kind
  /// The scenario that failed, for a model test.
  package var scenario: Scenario?
  /// The controlled schedule that failed, step by step (for a livelock, its last steps).
  package var interleaving: [Step]?
  /// The token that runs the failing schedule again (`ScheduleStrategy.replay`).
  package var replay: String?
  /// Where a crash happened, as its report names the frame.
  package var crashSite: String?
  /// For a controlled failure: the schedule (from 1) and the scenario's number.
  package var schedule: Int?
  package var scenarioNumber: Int?
  /// The exploration's strategy and seed (a stress trial's seed, for a model test under
  /// stress).
  package var strategy: ScheduleStrategy?
  package var seed: UInt64?
  /// What the report tells beside the scenario and interleaving.
  package var circumstance: Circumstance?
  /// Steps of the schedule before `interleaving`'s first, left out.
  package var stepsLeftOut = 0
  /// A failure whose one-thread check (run to rule out a broken test) blocked at this call:
  /// the failure stands, but a broken test is not ruled out.
  package var checkBlocked: BlockedCall?
  /// For a failure under stress: its shrunk scenario explored under the controlled scheduler.
  package var explained: Explained?
  /// For a failing schedule of async calls: the first call that other threads' calls ran
  /// beside between its suspension and its resumption.
  package var reentrancy: Reentrancy?

  @usableFromInline
  package init(
    _ kind: Kind, scenario: Scenario? = nil, interleaving: [Step]? = nil, replay: String? = nil,
    crashSite: String? = nil, schedule: Int? = nil, scenarioNumber: Int? = nil
  ) {
    self.kind = kind
    self.scenario = scenario
    self.interleaving = interleaving
    self.replay = replay
    self.crashSite = crashSite
    self.schedule = schedule
    self.scenarioNumber = scenarioNumber
  }
}
