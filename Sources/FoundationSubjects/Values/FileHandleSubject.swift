import Foundation
import StressKit

/// One `FileHandle` shared by threads that append lines to a private log file, as a logger
/// does: each write appends "<token>\n". At the end the file must hold every token's line once.
/// The file lives in a directory of the trial's own, removed at its end; a worker killed first
/// leaves it to the next trial's sweep.
package final class FileHandleSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "filehandle-shared", summary: "one FileHandle appended to by every thread: write(_:)",
    documented: .unsafe, sendable: Sendability.of(FileHandle.self), defaultReadRatio: 0,
    calls: [
      "write(_:) of \"<token>\\n\" (write)"
    ],
    leavesOut:
      "seekToEnd(), write(contentsOf:), seek(toOffset:), synchronize(), truncate(atOffset:), reading, FileHandle(forUpdatingAtPath:)"
  )

  static let prefix = "stress.filehandle."
  private let directory: PrivateDirectory
  private let path: String
  private let handle: FileHandle?

  package init(shape: TrialShape) {
    _ = Self.sweep
    directory = PrivateDirectory(prefix: Self.prefix)
    path = directory.file("log")
    _ = FileManager.default.createFile(atPath: path, contents: nil)
    handle = FileHandle(forWritingAtPath: path)
  }

  deinit {
    try? handle?.close()
    directory.remove()
  }

  /// Once per process: what killed workers left (`PrivateDirectory.sweep`).
  static let sweep: Void = PrivateDirectory.sweep(prefix: prefix)

  package func write(_ step: Step) {
    handle?.write(Data("\(step.token)\n".utf8))
  }

  package func read(_ step: Step) -> String? { nil }

  package func check(writesPerThread: [Int]) -> Violations {
    guard let handle else {
      var violations = Violations()
      violations.add("the log could not be opened")
      return violations
    }
    try? handle.synchronize()
    let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    return Token.verify(lines.map { Int($0) ?? -1 }, writesPerThread: writesPerThread)
  }
}
