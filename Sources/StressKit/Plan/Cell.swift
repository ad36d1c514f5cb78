/// One combination the run measures: a subject, inside a wrapper, at a thread count.
public struct Cell: Sendable, Hashable {
  public var subject: String
  public var wrapper: String
  public var threads: Int
  public var readRatio: Double
  public var documented: DocumentedSafety
  public var isProtected: Bool
  /// Asymmetric roles: the first `readers` threads only read, the rest only write.
  public var readers: Int?
  /// How the operations are issued: the plan's driver, or `tasks` for an awaited wrapper.
  public var driver: Driver
  /// The subject fails even alone by design (see `SubjectInfo.failsAlone`).
  public var failsAlone = false
  /// Whether the type under test is `Sendable` (see `SubjectInfo.sendable`).
  public var sendable: Bool?
  /// Why this cell must never fail, when the subject declares it for this wrapper (see
  /// `Expectation`); protected wrappers must never fail anyway.
  public var expectation: String?
  /// Each trial runs in a fresh worker (see `SubjectInfo.freshProcess`).
  public var freshProcess = false

  public init(
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
  public var writers: Int? { readers.map { threads - $0 } }

  public func spec(bound: Bound, seed: UInt64, tuning: Tuning = .none) -> TrialSpec {
    TrialSpec(
      subject: subject, wrapper: wrapper, threads: threads, readRatio: readRatio, bound: bound,
      seed: seed, readers: readers, tuning: tuning, driver: driver)
  }
}
