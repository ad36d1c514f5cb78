import Foundation
import StressKit

/// One `FileHandle` shared by threads that append lines to a private log file, as a logger
/// does: each write adds "<token>\n", with `write(_:)`, with `write(contentsOf:)`, or after
/// `seekToEnd()`; reads ask the handle's offset, which can never be past the lines written.
/// At the end the file must hold every token's line once.
/// The file lives in a directory of the trial's own, removed at its end; a worker killed first
/// leaves it to the next trial's sweep.
package final class FileHandleSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "filehandle-shared", summary: "one FileHandle appended to by every thread: write(_:)",
    documented: .unsafe, sendable: Sendability.of(FileHandle.self), defaultReadRatio: 0.1,
    calls: Write.allCases.map { "\($0.rawValue) of \"<token>\\n\" (write)" } + ["offset() (read)"],
    leavesOut:
      "seek(toOffset:) back into the file: rare in applications; truncate(atOffset:): rare in applications; reading: pipe-shared "
      + "covers it; FileHandle(forUpdatingAtPath:): rare in applications")

  package enum Write: String, CaseIterable {
    case write = "write(_:)"
    case contentsOf = "write(contentsOf:)"
    case seekToEnd = "seekToEnd(), then write(_:)"
    case synchronize = "write(contentsOf:), then synchronize() (1 write in 16)"
  }

  /// synchronize() waits for the disk: one write in 16.
  package static let writes = InputDomain(
    "writes", edges: [],
    ordinary: Array(repeating: [Write.write, .contentsOf, .seekToEnd], count: 5).flatMap { $0 }
      + [.synchronize])
  private let shape: TrialShape

  static let prefix = "stress.filehandle."
  private let directory: PrivateDirectory
  private let path: String
  private let handle: FileHandle?

  package init(shape: TrialShape) {
    self.shape = shape
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
    let line = Data("\(step.token)\n".utf8)
    switch Self.writes[step] {
    case .write: handle?.write(line)
    case .contentsOf: try? handle?.write(contentsOf: line)
    case .seekToEnd:
      _ = try? handle?.seekToEnd()
      handle?.write(line)
    case .synchronize:
      try? handle?.write(contentsOf: line)
      try? handle?.synchronize()
    }
  }

  package func read(_ step: Step) -> String? {
    guard let handle, let offset = try? handle.offset() else { return nil }
    // A line is at most 24 bytes: a token has at most 17 digits.
    let most = UInt64(shape.threads * (shape.opsPerThread ?? 1 << 32) * 24)
    return offset <= most ? nil : "offset \(offset) is past every line written"
  }

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
