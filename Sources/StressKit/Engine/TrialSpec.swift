/// Everything a worker needs to run one trial.
public struct TrialSpec: Sendable, Codable, Equatable {
  public var subject: String
  public var wrapper: String
  public var threads: Int
  public var readRatio: Double
  public var bound: Bound
  public var seed: UInt64

  public init(
    subject: String, wrapper: String, threads: Int, readRatio: Double, bound: Bound, seed: UInt64
  ) {
    self.subject = subject
    self.wrapper = wrapper
    self.threads = threads
    self.readRatio = readRatio
    self.bound = bound
    self.seed = seed
  }
}
