/// Everything a worker needs to run one trial.
public struct TrialSpec: Sendable, Codable, Equatable {
  public var subject: String
  public var wrapper: String
  public var threads: Int
  public var readRatio: Double
  public var bound: Bound
  public var seed: UInt64
  /// Asymmetric roles: threads `0..<readers` only read, the others only write. nil: every
  /// thread mixes reads and writes by `readRatio`.
  public var readers: Int?
  public var tuning: Tuning
  public var driver: Driver

  public init(
    subject: String, wrapper: String, threads: Int, readRatio: Double, bound: Bound, seed: UInt64,
    readers: Int? = nil, tuning: Tuning = .none, driver: Driver = .threads
  ) {
    self.driver = driver
    self.readers = readers
    self.tuning = tuning
    self.subject = subject
    self.wrapper = wrapper
    self.threads = threads
    self.readRatio = readRatio
    self.bound = bound
    self.seed = seed
  }
}
