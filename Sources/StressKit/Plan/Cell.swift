/// One combination the run measures: a subject, inside a wrapper, at a thread count.
public struct Cell: Sendable, Hashable {
  public var subject: String
  public var wrapper: String
  public var threads: Int
  public var readRatio: Double
  public var documented: DocumentedSafety
  public var isProtected: Bool

  public init(
    subject: String, wrapper: String, threads: Int, readRatio: Double,
    documented: DocumentedSafety, isProtected: Bool
  ) {
    self.subject = subject
    self.wrapper = wrapper
    self.threads = threads
    self.readRatio = readRatio
    self.documented = documented
    self.isProtected = isProtected
  }

  public func spec(bound: Bound, seed: UInt64) -> TrialSpec {
    TrialSpec(
      subject: subject, wrapper: wrapper, threads: threads, readRatio: readRatio, bound: bound,
      seed: seed)
  }
}
