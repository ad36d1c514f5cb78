/// One combination the run measures: a subject, inside a wrapper, at a thread count.
package struct Cell: Sendable, Hashable {
  package var subject: String
  package var wrapper: String
  package var threads: Int
  package var readRatio: Double
  package var documented: DocumentedSafety
  package var isProtected: Bool
  /// Asymmetric roles: the first `readers` threads only read, the rest only write.
  package var readers: Int?
  /// How the operations are issued: the plan's driver, or `tasks` for an awaited wrapper.
  package var driver: Driver
  /// The subject fails even alone by design (see `SubjectInfo.failsAlone`).
  package var failsAlone = false
  /// Whether the type under test is `Sendable` (see `SubjectInfo.sendable`).
  package var sendable: Bool?
  /// Why this cell must never fail, when the subject declares it for this wrapper (see
  /// `Expectation`); protected wrappers must never fail anyway.
  package var expectation: String?
  /// Each trial runs in a fresh worker (see `SubjectInfo.freshProcess`).
  package var freshProcess = false
  /// The controlled scheduler's strategy, as `--strategy` spells it, when the cell's model
  /// test is explored rather than stressed: its trials count schedules, and it has no control.
  package var strategy: ScheduleStrategy?
  /// The calls and edge values its focused trials rotate over (`Cell+Focus`); nil: mixed
  /// trials only (a protected cell, one thread, or a subject that declares no edges).
  package var focusAxes: FocusAxes?

  package init(
    subject: String, wrapper: String, threads: Int, readRatio: Double,
    documented: DocumentedSafety, isProtected: Bool, readers: Int? = nil,
    driver: Driver = .threads
  ) {
    self.driver = driver
    self.readers = readers
    self.subject = subject
    self.wrapper = wrapper
    self.threads = threads
    self.readRatio = readRatio
    self.documented = documented
    self.isProtected = isProtected
  }

  /// Writer threads, when roles are asymmetric.
  package var writers: Int? { readers.map { threads - $0 } }

  /// The spec of trial `trial`: focused, and `Cell.focusLength` times as long, when
  /// `focus(forTrial:)` says so.
  package func spec(bound: Bound, seed: UInt64, tuning: Tuning = .none, trial: Int = 0)
    -> TrialSpec
  {
    var spec = TrialSpec(
      subject: subject, wrapper: wrapper, threads: threads, readRatio: readRatio, bound: bound,
      seed: seed, readers: readers, tuning: tuning, driver: driver, strategy: strategy)
    spec.focus = focus(forTrial: trial)
    if spec.focus != nil { spec.bound = bound.scaled(by: Self.focusLength) }
    return spec
  }
}
