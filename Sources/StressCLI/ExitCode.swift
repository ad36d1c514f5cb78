/// The exit codes a CI job can act on.
public enum ExitCode: Int32, CaseIterable {
  /// Every protected wrapper passed every trial (unprotected failures are findings).
  case success = 0
  /// A protected wrapper failed a trial, or a subject is broken.
  case failure = 1
  /// The harness itself could not run: a worker would not start, results could not be written,
  /// or a results file given to read is missing or is not one.
  case harness = 2
  /// Bad command line or suite file (EX_USAGE).
  case usage = 64
  /// Stopped by SIGINT (128 + 2); finished trials are kept.
  case interrupted = 130
  /// Stopped by SIGTERM (128 + 15); finished trials are kept.
  case terminated = 143
}
