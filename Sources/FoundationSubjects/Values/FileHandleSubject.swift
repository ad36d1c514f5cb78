import Foundation
import StressKit

/// One `FileHandle` shared by threads that append lines to a private log file, as a logger
/// does: each write appends "<token>\n". At the end the file must hold every token's line once.
/// The file lives in a directory of the trial's own, removed at its end; a worker killed first
/// leaves it to the next trial's sweep.
package final class FileHandleSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "filehandle-shared", summary: "one FileHandle appended to by every thread: write(_:)",
    documented: .unsafe, sendable: Sendability.of(FileHandle.self), defaultReadRatio: 0)

  static let prefix = "stress.filehandle."
  private let directory: String
  private let path: String
  private let handle: FileHandle?

  package init(shape: TrialShape) {
    _ = Self.sweep
    directory = (NSTemporaryDirectory() as NSString)
      .appendingPathComponent(Self.prefix + UUID().uuidString)
    try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    path = (directory as NSString).appendingPathComponent("log")
    _ = FileManager.default.createFile(atPath: path, contents: nil)
    handle = FileHandle(forWritingAtPath: path)
  }

  deinit {
    try? handle?.close()
    try? FileManager.default.removeItem(atPath: directory)
  }

  /// Once per process: removes what earlier trials' killed workers left, older than ten minutes.
  static let sweep: Void = {
    let temporary = NSTemporaryDirectory()
    let names = (try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? []
    for name in names where name.hasPrefix(prefix) {
      let path = (temporary as NSString).appendingPathComponent(name)
      let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate]
      if let modified = modified as? Date, modified < Date(timeIntervalSinceNow: -600) {
        try? FileManager.default.removeItem(atPath: path)
      }
    }
  }()

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
