/// Everything a worker needs to run one trial.
@usableFromInline
package struct TrialSpec: Sendable, Codable, Equatable {
  @usableFromInline
  package var subject: String
  @usableFromInline
  package var wrapper: String
  @usableFromInline
  package var threads: Int
  @usableFromInline
  package var readRatio: Double
  @usableFromInline
  package var bound: Bound
  @usableFromInline
  package var seed: UInt64
  /// Asymmetric roles: threads `0..<readers` only read, the others only write. nil: every
  /// thread mixes reads and writes by `readRatio`.
  @usableFromInline
  package var readers: Int?
  @usableFromInline
  package var tuning: Tuning
  @usableFromInline
  package var driver: Driver

  @usableFromInline
  package init(
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
