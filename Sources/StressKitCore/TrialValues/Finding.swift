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
    /// Threads that can never go on, at scheduled primitives.
    case deadlock
    /// Threads that keep reaching primitives without finishing.
    case livelock
    /// A thread that ran on without reaching a primitive, or a call that never returned.
    case stuckThread = "stuck-thread"
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
      case .notLinearizable, .deadlock, .livelock, .stuckThread: true
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
