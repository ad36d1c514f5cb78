import StressKit

/// Results files named on a command line (`report`, `compare`, `merge`, `verdicts`), loaded
/// through the one loader: the first that cannot be used stops the command (exit 2).
enum ResultsInput {
  static func load(_ paths: [String]) throws(ResultsFile.LoadError) -> [ResultsFile] {
    try paths.map { path throws(ResultsFile.LoadError) in try ResultsFile.load(path) }
  }

  /// The cells of `files` read as one run; files that overlap are refused, as `merge` does.
  static func cells(_ files: [ResultsFile]) throws(ResultsMerge.Incompatible) -> [CellStatistics] {
    if files.count > 1 { _ = try ResultsMerge(files) }
    return CellStatistics.compute(files.flatMap(\.records))
  }
}
