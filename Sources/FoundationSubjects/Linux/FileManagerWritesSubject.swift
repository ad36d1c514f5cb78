import Foundation
import StressKit

/// `FileManager.default` changing files from every thread at once, as a server keeps uploads,
/// caches and temporary files: each thread creates, moves and removes files of its own in one
/// shared directory, and every thread creates the same nested directories with
/// `withIntermediateDirectories: true`, which must not throw when another thread made them
/// first. Reads list and enumerate the shared directory while it changes (every name must be
/// one a thread wrote) and read some thread's file (nothing, or that thread's token). The
/// directory is the trial's own, removed when the trial ends.
package final class FileManagerWritesSubject: StressSubject, @unchecked Sendable {
  package enum Write: String, CaseIterable {
    case directories = "createDirectory(atPath:withIntermediateDirectories: true) of shared paths"
    case create = "createFile(atPath:contents:) of the thread's own file"
    case move = "moveItem(atPath:toPath:) of the thread's own file"
    case remove = "removeItem(atPath:) of the thread's own file"
  }

  package enum Read: String, CaseIterable {
    case listing = "contentsOfDirectory(atPath:)"
    case enumerator = "enumerator(atPath:), walked to its end"
    case contents = "contents(atPath:) of some thread's file"
  }

  package static let info = SubjectInfo(
    id: "filemanager-writes",
    summary: "FileManager.default creating, moving and removing files and directories at once",
    documented: .safe, sendable: Sendability.of(FileManager.self),
    calls: Write.allCases.map(\.rawValue) + Read.allCases.map(\.rawValue),
    inputs: ["names: 4 files a thread, 4 shared nested directories"],
    leavesOut:
      "two threads writing the same file: the file system orders them, not FileManager; "
      + "copyItem and replaceItemAt: they build on the same create and move; symbolic links: "
      + "filemanager-attributes reads real files only, and links follow the same calls; a "
      + "FileManager delegate: setting one on the default manager traps from 6.4 "
      + "(swift-foundation 1710)")

  static let prefix = "stress.writes."
  static let slots = 4
  private let directory: PrivateDirectory
  private let threads: Int
  private let failures = WriteFailures()

  package init(shape: TrialShape) {
    _ = Self.sweep
    threads = shape.threads
    directory = PrivateDirectory(prefix: Self.prefix)
  }

  deinit {
    directory.remove()
  }

  /// Once per process: what killed workers left (`PrivateDirectory.sweep`).
  static let sweep: Void = PrivateDirectory.sweep(prefix: prefix)

  func file(thread: Int, slot: Int, moved: Bool = false) -> String {
    directory.file("\(moved ? "moved" : "file")-\(thread)-\(slot)")
  }

  /// Whether `name`, found in the shared directory, is one a thread could have written.
  package static func known(_ name: String) -> Bool {
    if name == "shared" || name.hasPrefix("shared/") { return true }
    // createFile writes atomically: through a hidden temporary file, renamed into place.
    if name.hasPrefix(".dat.nosync") { return true }
    let parts = name.split(separator: "-")
    return parts.count == 3 && (parts[0] == "file" || parts[0] == "moved")
      && parts.dropFirst().allSatisfy { Int($0) != nil }
  }

  package func write(_ step: Step) {
    let fm = FileManager.default
    let slot = step.seq % Self.slots
    let mine = file(thread: step.thread, slot: slot)
    let moved = file(thread: step.thread, slot: slot, moved: true)
    do {
      switch Write.allCases[Int(step.random % UInt64(Write.allCases.count))] {
      case .directories:
        let k = Int(step.random >> 8) % Self.slots
        try fm.createDirectory(
          atPath: directory.file("shared/\(k)/\(k + 1)"), withIntermediateDirectories: true)
      case .create:
        if !fm.createFile(atPath: mine, contents: Data(String(step.token).utf8)) {
          failures.add("thread \(step.thread) could not create its own file")
        }
      case .move:
        guard fm.fileExists(atPath: mine) else { return }
        try? fm.removeItem(atPath: moved)
        try fm.moveItem(atPath: mine, toPath: moved)
      case .remove:
        guard fm.fileExists(atPath: moved) else { return }
        try fm.removeItem(atPath: moved)
      }
    } catch {
      failures.add("thread \(step.thread), write #\(step.seq): \(error)")
    }
  }

  package func read(_ step: Step) -> String? {
    let fm = FileManager.default
    switch Read.allCases[Int(step.random % UInt64(Read.allCases.count))] {
    case .listing:
      guard let names = try? fm.contentsOfDirectory(atPath: directory.path) else {
        return "contentsOfDirectory threw"
      }
      return names.first { !Self.known($0) }.map { "contentsOfDirectory lists '\($0)'" }
    case .enumerator:
      guard let walk = fm.enumerator(atPath: directory.path) else { return "no enumerator" }
      while let name = walk.nextObject() as? String {
        if !Self.known(name) { return "enumerator gives '\(name)'" }
      }
      return nil
    case .contents:
      let thread = Int(step.random >> 8) % threads
      let slot = Int(step.random >> 16) % Self.slots
      let moved = (step.random >> 24) % 2 == 0
      guard let data = fm.contents(atPath: file(thread: thread, slot: slot, moved: moved)),
        !data.isEmpty
      else { return nil }
      let text = String(decoding: data, as: UTF8.self)
      return Int(text).flatMap(Token.decode)?.thread == thread
        ? nil : "thread \(thread)'s file holds '\(text)'"
    }
  }

  package func check(writesPerThread: [Int]) -> Violations { failures.violations() }
}
