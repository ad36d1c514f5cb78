/// What makes a file unusable as results, worded here and nowhere else: the loader and the
/// commands that read results (`report`, `compare`, `verdicts`, `merge`, `trend`, `--resume`)
/// throw `ResultsFile.LoadError` with one.
package enum ResultsFileProblem: Equatable, Sendable, CustomStringConvertible {
  case missing(path: String)
  /// A directory, or a file that cannot be read.
  case unreadable(path: String)
  case notUTF8(path: String)
  /// The header is not this version's (nor an earlier one's that can be filled in).
  case notThisVersion(path: String, why: Header)
  /// Shards of more than one run in one file: `column` (`plan`, `run_seed`) has two values.
  case mixesRuns(path: String, column: String, first: String, second: String)
  case mixesShardings(path: String, count: Int)
  case repeatsTrial(path: String, line: Int, trial: Int, firstLine: Int)
  case strayQuote(path: String, line: Int)
  case unclosedQuote(path: String, line: Int)
  case fieldCount(path: String, line: Int, fields: Int, header: Int)
  case invalidValue(path: String, line: Int, column: String, value: String)
  /// `ops` in `seconds` would be more than `ResultColumns.opsPerSecondLimit` a second.
  case impossibleRate(path: String, line: Int, seconds: String, ops: String)
  /// A header and no trial: a report of it would be a pass of nothing.
  case noTrial(path: String)
  /// `trend` read one night twice.
  case sameRun(path: String, earlier: String)

  /// What is wrong with a header.
  package enum Header: Equatable, Sendable {
    case empty
    /// The per-cell summary written beside the trial CSV.
    case summary
    case missingColumn(String)
    case differs
  }

  package var description: String {
    switch self {
    case .missing(let path): "no such results file: '\(path)'"
    case .unreadable(let path): "cannot read '\(path)'"
    case .notUTF8(let path): "'\(path)' is not a results CSV: it is not UTF-8 text"
    case .notThisVersion(let path, let why):
      "'\(path)' is not a trial CSV of this version of stress: " + Self.words(why)
    case .mixesRuns(let path, let column, let first, let second):
      "'\(path)' mixes runs: its \(column) is both '\(first)' and '\(second)', and a file holds "
        + "one run (join runs with 'stress merge')"
    case .mixesShardings(let path, let count):
      "'\(path)' mixes runs: it holds rows of \(count) different shardings, and a file holds one "
        + "run (join runs with 'stress merge')"
    case .repeatsTrial(let path, let line, let trial, let firstLine):
      "'\(path)' line \(line) repeats trial \(trial) of line \(firstLine)'s cell"
    case .strayQuote(let path, let line):
      "'\(path)' line \(line): a quote where none can be (a field's quotes are broken): every "
        + "row from here on would be misread"
    case .unclosedQuote(let path, let line):
      "'\(path)' line \(line): a quoted field opens here and never closes: it would swallow "
        + "every later row"
    case .fieldCount(let path, let line, let fields, let header):
      "'\(path)' line \(line) has \(fields) fields where the header has \(header)"
    case .invalidValue(let path, let line, let column, let value):
      "'\(path)' line \(line): invalid \(column) '\(value)'"
    case .impossibleRate(let path, let line, let seconds, let ops):
      "'\(path)' line \(line): invalid seconds '\(seconds)': \(ops) ops in it would be more than "
        + "1e15 per second"
    case .noTrial(let path):
      "'\(path)' holds no trial, only its header: the run stopped before its first trial "
        + "finished, so there is nothing to read"
    case .sameRun(let path, let earlier):
      "'\(path)' holds the same run as '\(earlier)': each night is read once"
    }
  }

  private static func words(_ header: Header) -> String {
    switch header {
    case .empty: "it is empty"
    case .summary: "it is a per-cell summary; give the trial CSV it was written beside"
    case .missingColumn(let column): "its header has no '\(column)' column"
    case .differs: "its columns differ from this version's (see Results/README.md)"
    }
  }
}
