import StressKit

/// Results files named on a command line (`report`, `compare`, `merge`, `verdicts`), loaded
/// through the one loader: the first that cannot be used is an `Error:` line, and exit 2.
enum ResultsInput {
  static func load(_ paths: [String], console: Console) -> [ResultsFile]? {
    var files: [ResultsFile] = []
    for path in paths {
      do {
        files.append(try ResultsFile.load(path))
      } catch {
        console.error(RunCommand.capitalized(error.description))
        return nil
      }
    }
    return files
  }

  /// The cells of `files` read as one run; files that overlap are refused, as `merge` does.
  static func cells(_ files: [ResultsFile], usage: String) throws(UsageError) -> [CellStatistics] {
    if files.count > 1 {
      do {
        _ = try ResultsMerge(files)
      } catch {
        throw UsageError(RunCommand.capitalized(error.description), usage: usage)
      }
    }
    return CellStatistics.compute(files.flatMap(\.records))
  }
}
