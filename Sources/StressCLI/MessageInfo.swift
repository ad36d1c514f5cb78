import StressKit
import StressReports

/// An error as the command line shows it, decided in one place (swift-argument-parser's
/// `MessageInfo`): the `Error:` line, the usage hint where it helps, and the exit code.
struct MessageInfo: Equatable {
  var message: String
  var usage: String?
  var exitCode: ExitCode

  /// `usage` is the usage line of the command that failed.
  init(_ error: any Error, usage: String) {
    switch error {
    case let error as RunSessionFailure:
      self.init(error.underlying, usage: usage)
    case let error as UsageError:
      self.init(message: error.message, usage: error.usage ?? usage, exitCode: .usage)
    case let error as PlanError where error.isRuntime:
      self.init(message: error.description, usage: nil, exitCode: .harness)
    case let error as PlanError:
      self.init(message: error.commandLine, usage: usage, exitCode: .usage)
    case let error as OutputPaths.Conflict:
      self.init(message: error.description, usage: usage, exitCode: .usage)
    case let error as OutputPaths.Unwritable:
      self.init(message: error.description, usage: nil, exitCode: .usage)
    case let error as ResultsMerge.Incompatible:
      self.init(message: Self.sentence(error.description), usage: usage, exitCode: .usage)
    case let error as ResultsFile.LoadError:
      self.init(message: Self.sentence(error.description), usage: nil, exitCode: .harness)
    default:
      // I/O and the system: a file that cannot be written, a lock held by another run.
      self.init(message: "\(error)", usage: nil, exitCode: .harness)
    }
  }

  init(message: String, usage: String?, exitCode: ExitCode) {
    self.message = message
    self.usage = usage
    self.exitCode = exitCode
  }

  /// A lowercase phrase (a loader's or a merge's reason) as a sentence.
  static func sentence(_ phrase: String) -> String {
    phrase.prefix(1).uppercased() + phrase.dropFirst()
      + (phrase.hasSuffix(".") || phrase.hasSuffix(")") || phrase.hasSuffix("?") ? "" : ".")
  }
}
