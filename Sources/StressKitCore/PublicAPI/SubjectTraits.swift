/// How a subject is driven beyond its reads and writes: a set, instead of a row of Booleans.
public struct SubjectTraits: OptionSet, Sendable, Hashable {
  /// The traits as bits.
  public let rawValue: UInt8

  /// The traits whose bits `rawValue` holds.
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// No write operation: every operation is a read.
  public static let readOnly = SubjectTraits(rawValue: 1 << 0)
  /// Left out of `stress list` (the harness's self-tests).
  public static let hidden = SubjectTraits(rawValue: 1 << 1)
  /// Reproduces a misuse that fails even on one thread (a deadlock): it skips the
  /// single-threaded sanity pass, and its failures alone are findings, not a broken subject.
  public static let failsAlone = SubjectTraits(rawValue: 1 << 2)
  /// Each trial needs a fresh process: the state under test lives once per process (a
  /// `static let`), so a reused worker would test nothing after its first trial.
  public static let freshProcess = SubjectTraits(rawValue: 1 << 3)
  /// Relies on each thread's operations running in order, on one thread (it keeps per-thread
  /// state): the dispatch-apply driver, which spreads a thread's steps over the pool, is
  /// refused for it.
  public static let ordersPerThread = SubjectTraits(rawValue: 1 << 4)
  /// Its threads must be the system's own (it keeps state per `Thread.current`): task-driven
  /// wrappers, whose tasks hop between a pool's threads, are left out of its cells.
  public static let needsThreads = SubjectTraits(rawValue: 1 << 5)
}
