import StressPlatform

/// A CSV file written in whole lines: each `append` is a single write(2), so a writer that is
/// killed leaves whole rows only; a write that fails part way (a full disk, a file-size limit)
/// is cut back off, so the file still ends in a whole row and `--resume` can finish it.
package final class CSVFile {
  package let path: String
  private let descriptor: Int32

  package struct WriteError: Error, CustomStringConvertible {
    package var description: String

    package init(description: String) {
      self.description = description
    }
  }

  /// Creates (or truncates) the file; `what` names its contents in error messages. With
  /// `keeping`, keeps that many bytes of an existing file and appends after them.
  package init(path: String, what: String = "results", keeping: Int? = nil) throws {
    self.path = path
    try ResultsLock.refuseIfHeld(path)
    do {
      if let keeping {
        descriptor = try Platform.openForAppending(path, truncatingTo: keeping)
      } else {
        descriptor = try Platform.openForWriting(path)
      }
    } catch {
      throw WriteError(description: "cannot write \(what) to '\(path)': \(error)")
    }
  }

  deinit {
    Platform.closeDescriptor(descriptor)
  }

  /// Appends text as it is, in one write (a whole report, not rows); if the write fails, the
  /// part of it that reached a regular file is removed again.
  package func write(_ text: String) throws {
    let before = Platform.regularFileLength(descriptor)
    guard Platform.writeAll(descriptor, Array(text.utf8)) else {
      let reason = Platform.errorMessage()
      if let before { _ = Platform.cutBack(descriptor, to: before) }
      throw WriteError(description: "writing to '\(path)' failed: \(reason)")
    }
  }

  /// Flushes the file to disk, so a rename after it never exposes an empty file.
  package func sync() throws {
    guard Platform.sync(descriptor) else {
      throw WriteError(description: "writing to '\(path)' failed: \(Platform.errorMessage())")
    }
  }

  /// Appends rows, all in one write.
  package func append(_ rows: [[String]]) throws {
    try write(rows.map(CSV.line).joined())
  }
}
