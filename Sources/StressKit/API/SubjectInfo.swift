/// Describes a subject: how it is named, what is documented about it, and how it is driven.
public struct SubjectInfo: Sendable {
  /// The id used on the command line, in suites and in the CSV (`swift-array`).
  public var id: String
  /// One line for `stress list`.
  public var summary: String
  /// What Apple's Thread Safety Summary says about the type under test.
  public var documented: DocumentedSafety
  /// Whether the type under test conforms to `Sendable` in the toolchain that built this
  /// subject: set it with `Sendability.of(T.self)`, which the compiler answers; nil if unstated.
  public var sendable: Bool?
  /// What must hold by construction, whatever the run finds (see `Expectation`).
  public var expectations: [Expectation]
  /// The share of operations that are reads when neither the suite nor the user sets one.
  public var defaultReadRatio: Double
  /// A read-only subject has no write operation: every operation is a read.
  public var readOnly: Bool
  /// Hidden subjects (the harness's self-tests) are left out of `stress list`.
  public var hidden: Bool
  /// The subject reproduces a misuse that fails even on one thread (a deadlock): it skips the
  /// single-threaded sanity pass, and its failures alone are findings, not a broken subject.
  public var failsAlone: Bool
  /// Each trial needs a fresh process: the state under test lives once per process (a
  /// `static let`), so a reused worker would test nothing after its first trial.
  public var freshProcess: Bool
  /// The subject relies on each thread's operations running in order, on one thread (it keeps
  /// per-thread state): the dispatch-apply driver, which spreads a thread's steps over the pool,
  /// is refused for it.
  public var ordersPerThread: Bool

  public init(
    id: String, summary: String, documented: DocumentedSafety, sendable: Bool? = nil,
    expectations: [Expectation] = [], defaultReadRatio: Double = 0.5, readOnly: Bool = false,
    hidden: Bool = false, failsAlone: Bool = false, freshProcess: Bool = false,
    ordersPerThread: Bool = false
  ) {
    self.ordersPerThread = ordersPerThread
    self.failsAlone = failsAlone
    self.id = id
    self.summary = summary
    self.documented = documented
    self.sendable = sendable
    self.expectations = expectations
    self.defaultReadRatio = readOnly ? 1 : defaultReadRatio
    self.readOnly = readOnly
    self.hidden = hidden
    self.freshProcess = freshProcess
  }

  /// The expectation that covers `wrapper`, if any.
  public func expectation(for wrapper: WrapperInfo) -> Expectation? {
    expectations.first { $0.covers(wrapper) }
  }
}
