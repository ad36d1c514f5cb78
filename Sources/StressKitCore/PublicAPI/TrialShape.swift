/// What a subject knows about the trial it is created for.
public struct TrialShape: Sendable, Equatable {
  /// How many threads will operate on the subject at once.
  public var threads: Int
  /// The operation budget per thread, or nil when the trial is bounded by time.
  public var opsPerThread: Int?
  /// A focused trial's pair: every thread makes this one call on this one edge value. nil: a
  /// mixed trial. Only a subject that declares `SubjectInfo.edges` gets one.
  public var focus: Focus?

  /// `threads` threads of `opsPerThread` operations each (nil for a timed trial), focused on
  /// `focus` when it is not nil.
  public init(threads: Int, opsPerThread: Int?, focus: Focus? = nil) {
    self.threads = threads
    self.opsPerThread = opsPerThread
    self.focus = focus
  }

  /// Whether `token` could have been written by some thread of this trial.
  public func couldHaveWritten(_ token: Int) -> Bool {
    guard let (thread, seq) = Token.decode(token) else { return false }
    return thread < threads && (opsPerThread.map { seq < $0 } ?? true)
  }
}
