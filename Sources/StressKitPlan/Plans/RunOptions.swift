import StressKitCore

/// What the user asked for, before it is resolved against a suite and a catalog. Anything left
/// nil comes from the suite, then from the mode's preset, then from each subject's defaults.
package struct RunOptions: Sendable, Equatable {
  /// A suite name or a path to a suite file.
  package var suite: String?
  package var subjects: [String]?
  package var wrappers: [String]?
  package var threads: [Int]?
  package var trials: Int?
  package var ops: Int?
  package var seconds: Double?
  /// The read mixes to sweep: a cell per subject, wrapper, mix and thread count.
  package var readRatios: [Double]?
  package var seed: UInt64?
  package var timeout: Double?
  package var mode: Mode = .default
  /// Asymmetric roles (JMH's thread groups), instead of thread counts and read mixes: both or
  /// neither; a cell per pair of them.
  package var readers: [Int]?
  package var writers: [Int]?
  package var tuning = Tuning.standard
  package var driver = Driver.threads
  /// Discarded trials per cell before the measured ones.
  package var warmup: Int?
  /// Every measured trial in a fresh worker, warmed up there (`--forks`, see `Plan.forks`).
  package var forks = false
  /// Count ThreadSanitizer reports per trial (the binary is built with TSan).
  package var countsSanitizerReports = false
  /// Each worker's memory limit in bytes (`--memory-limit`); 0: none; nil: the default,
  /// `Plan.defaultMemoryLimit`.
  package var memoryLimit: UInt64?
  /// Run only this slice of the cells (`--shard I/N`).
  package var shard: Shard?
  /// Run the positive control with the cells (`--no-control` turns it off).
  package var control = true
  /// Wall-clock seconds for the whole run (`--time-budget`).
  package var timeBudget: Double?
  /// Seconds after which a protected cell's ops-bound trial stops (`--cap`).
  package var cap: Double?
  /// Model tests under the controlled scheduler instead of stress (`--strategy`); nil: stress.
  package var strategy: ScheduleStrategy?

  package init() {}

  /// The checks of the options against each other, the one place they are made: `Plan`
  /// makes them first, and the command line before it reads a file to resume.
  package func validate() throws(PlanError) {
    if suite == nil && subjects == nil { throw .nothingToRun }
    switch (readers, writers) {
    case (nil, nil): break
    case (let readers?, let writers?):
      if threads != nil || readRatios != nil { throw .readersReplaceThreads }
      guard let r = readers.min(), let w = writers.min(), r >= 0, w >= 0,
        readers.max()! + writers.max()! >= 1, !(readers.contains(0) && writers.contains(0))
      else { throw .noThreads }
      _ = (r, w)
    default: throw .readersWithoutWriters
    }
    if ops != nil && seconds != nil { throw .opsAndDuration }
  }
}
