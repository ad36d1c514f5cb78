/// What a subject knows about the trial it is created for.
public struct TrialShape: Sendable, Equatable {
  /// How many threads will operate on the subject at once.
  public var threads: Int
  /// The operation budget per thread, or nil when the trial is bounded by time.
  public var opsPerThread: Int?

  /// `threads` threads of `opsPerThread` operations each (nil for a timed trial).
  public init(threads: Int, opsPerThread: Int?) {
    self.threads = threads
    self.opsPerThread = opsPerThread
  }

  /// Whether `token` could have been written by some thread of this trial.
  public func couldHaveWritten(_ token: Int) -> Bool {
    guard let (thread, seq) = Token.decode(token) else { return false }
    return thread < threads && (opsPerThread.map { seq < $0 } ?? true)
  }
}
