/// Why a file cannot be resumed, worded here and nowhere else (`PlanError.cannotResume` names
/// the file).
package enum ResumeProblem: Equatable, Sendable, CustomStringConvertible {
  /// The file is no trial CSV at all: the loader's reason.
  case unreadable(String)
  /// Written before the columns `missing` existed.
  case earlierVersion(missing: [String])
  case noStart
  case noSeed
  /// A row whose cell this run does not have.
  case foreignCell(line: Int, subject: String, wrapper: String, threads: String)
  case trialBeyondPlan(line: Int, trial: Int)
  /// Started with a time budget (`true`) or without one, and resumed the other way.
  case timeBudget(started: Bool)
  case differs(line: Int, column: String, file: String, run: String)
  case repeatedTrial(line: Int)

  package var description: String {
    switch self {
    case .unreadable(let reason): reason
    case .earlierVersion(let missing):
      "it was written by an earlier version of stress (it lacks a column: "
        + missing.map { "'\($0)'" }.joined(separator: " or ") + ")"
    case .noStart: "its first row has no valid started_at"
    case .noSeed: "its first row has no valid seed and trial"
    case .foreignCell(let line, let subject, let wrapper, let threads):
      "row \(line) (\(subject) / \(wrapper) / \(threads) threads) is not a cell of this run"
    case .trialBeyondPlan(let line, let trial): "row \(line) has trial \(trial)"
    case .timeBudget(started: true): "it was started with --time-budget; resume it with one"
    case .timeBudget(started: false):
      "it was started without --time-budget; resume it without one"
    case .differs(let line, let column, let file, let run):
      "row \(line) has \(column) '\(file)' where this run has '\(run)'"
    case .repeatedTrial(let line): "row \(line) repeats a trial"
    }
  }
}
