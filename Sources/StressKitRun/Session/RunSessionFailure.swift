import StressKitPlan

/// Why a run session will not start, or could not go on, by kind: the command line words each
/// and chooses its exit code.
package enum RunSessionFailure: Error, CustomStringConvertible {
  /// The options, the suite, or a resume that does not fit them.
  case plan(PlanError)
  /// An output that is an input or another output.
  case conflict(OutputPaths.Conflict)
  /// An output that cannot be written there (a directory, a pseudo-filesystem).
  case unwritable(OutputPaths.Unwritable)
  /// Another run holds one of the files.
  case busy(ResultsLock.Busy)
  /// A file that could not be read, made or written.
  case io(any Error)

  init(_ error: any Error) {
    switch error {
    case let error as PlanError: self = .plan(error)
    case let error as OutputPaths.Conflict: self = .conflict(error)
    case let error as OutputPaths.Unwritable: self = .unwritable(error)
    case let error as ResultsLock.Busy: self = .busy(error)
    default: self = .io(error)
    }
  }

  /// The error the session met.
  package var underlying: any Error {
    switch self {
    case .plan(let error): error
    case .conflict(let error): error
    case .unwritable(let error): error
    case .busy(let error): error
    case .io(let error): error
    }
  }

  package var description: String { "\(underlying)" }
}
