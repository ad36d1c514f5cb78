import StressKit
import StressReports

/// Results files named on a command line (`report`, `compare`, `merge`, `verdicts`), loaded
/// through the one loader: the first that cannot be used stops the command (exit 2).
enum ResultsInput {
  /// A file with no trial (a run stopped before its first finished) is refused unless
  /// `allowingEmpty`: a report of it would be a pass of nothing. Merge takes such a shard.
  static func load(_ paths: [String], allowingEmpty: Bool = false) throws(ResultsFile.LoadError)
    -> [ResultsFile]
  {
    try paths.map { path throws(ResultsFile.LoadError) in
      let file = try ResultsFile.load(path)
      guard allowingEmpty || !file.rows.isEmpty else {
        throw ResultsFile.LoadError(.noTrial(path: path))
      }
      return file
    }
  }

  /// The cells of `files` read as one run; files that overlap are refused, as `merge` does.
  static func cells(_ files: [ResultsFile]) throws(ResultsMerge.Incompatible) -> [CellStatistics] {
    if files.count > 1 { _ = try ResultsMerge(files) }
    return CellStatistics.compute(files.flatMap(\.records))
  }
}
