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
}
