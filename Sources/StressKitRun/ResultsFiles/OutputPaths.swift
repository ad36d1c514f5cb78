import StressPlatform

/// The files a command reads and writes, checked before anything is written: an output that
/// is one of the inputs, or another output, through `./`, symbolic or hard links, would
/// destroy data with exit 0, so it is refused (`Conflict`, exit 64) instead; so is an output
/// that could not be written (`Unwritable`: a directory, no such directory, no permission),
/// which would otherwise be found only after every trial had run.
package struct OutputPaths: Sendable {
  /// What each path is, as the user named it: "'--out'", "the suite file".
  package var inputs: [(what: String, path: String)] = []
  package var outputs: [(what: String, path: String)] = []
  /// A directory the command creates for its outputs (`Results/`), not yet there.
  package var creating: String?

  /// Two of the paths, or a path and a redirected standard stream, are one file.
  package struct Conflict: Error, Equatable, CustomStringConvertible {
    package var description: String
  }

  package init(
    inputs: [(what: String, path: String)] = [], outputs: [(what: String, path: String)] = []
  ) {
    self.inputs = inputs
    self.outputs = outputs
  }

  /// A command's results files (its operands) and the one file it writes.
  package static func operands(_ paths: [String], output: (what: String, path: String))
    -> OutputPaths
  {
    OutputPaths(inputs: paths.map { ("the input", $0) }, outputs: [output])
  }

  /// An output that cannot be written where the user put it.
  package struct Unwritable: Error, Equatable, CustomStringConvertible {
    package var description: String
  }

  /// Refuses collisions (`Conflict`), then outputs that cannot be written (`Unwritable`).
  package func check() throws {
    try checkCollisions()
    for output in outputs {
      if let reason = Platform.whyUnwritable(output.path, creating: creating) {
        throw Unwritable(
          description: "\(output.what) '\(output.path)' cannot be written: \(reason).")
      }
    }
  }

  private func checkCollisions() throws(Conflict) {
    var seen: [(what: String, path: String, identity: String)] = []
    // Standard output or error redirected to a file (`>> out.csv`) is written too: to an
    // input, or to another output.
    for (fd, what) in [(Int32(1), "standard output"), (2, "standard error")] {
      if let identity = Platform.descriptorIdentity(fd) { seen.append((what, "", identity)) }
    }
    for input in inputs {
      guard let identity = Platform.fileIdentity(input.path) else { continue }
      if let stream = seen.first(where: { $0.path.isEmpty && $0.identity == identity }) {
        throw Conflict(
          description: "\(stream.what) is the same file as \(input.what) '\(input.path)'; "
            + "printing to it would change what is read. Redirect it elsewhere.")
      }
      seen.append((input.what, input.path, identity))
    }
    for output in outputs {
      guard let identity = Platform.fileIdentity(output.path) else { continue }
      if let other = seen.first(where: { $0.identity == identity }) {
        let named = other.path.isEmpty ? other.what : "\(other.what) '\(other.path)'"
        throw Conflict(
          description: "\(output.what) '\(output.path)' is the same file as \(named); writing "
            + "it would destroy that. Give it a path of its own.")
      }
      seen.append((output.what, output.path, identity))
    }
  }
}
