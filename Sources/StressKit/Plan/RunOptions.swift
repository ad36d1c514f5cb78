/// What the user asked for, before it is resolved against a suite and a catalog. Anything left
/// nil comes from the suite, then from the mode's preset, then from each subject's defaults.
public struct RunOptions: Sendable, Equatable {
  /// A suite name or a path to a suite file.
  public var suite: String?
  public var subjects: [String]?
  public var wrappers: [String]?
  public var threads: [Int]?
  public var trials: Int?
  public var ops: Int?
  public var seconds: Double?
  public var readRatio: Double?
  public var seed: UInt64?
  public var timeout: Double?
  public var mode: Mode = .default
  /// Asymmetric roles (JMH's thread groups), instead of a read ratio: both or neither.
  public var readers: Int?
  public var writers: Int?
  public var tuning = Tuning.standard
  public var driver = Driver.threads
  /// Discarded trials per cell before the measured ones.
  public var warmup: Int?
  /// Count ThreadSanitizer reports per trial (the binary is built with TSan).
  public var countsSanitizerReports = false
  /// Run only this slice of the cells (`--shard I/N`).
  public var shard: Shard?

  public init() {}

  /// The checks of the options against each other, the one place they are made: `Plan`
  /// makes them first, and the command line before it reads a file to resume.
  public func validate() throws(PlanError) {
    if suite == nil && subjects == nil { throw .nothingToRun }
    switch (readers, writers) {
    case (nil, nil): break
    case (let readers?, let writers?):
      if threads != nil || readRatio != nil { throw .readersReplaceThreads }
      if readers < 0 || writers < 0 || readers + writers < 1 { throw .noThreads }
    default: throw .readersWithoutWriters
    }
    if ops != nil && seconds != nil { throw .opsAndDuration }
  }
}
