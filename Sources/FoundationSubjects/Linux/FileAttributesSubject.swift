import Foundation
import StressKit

/// `FileManager.default.attributesOfItem(atPath:)` from every thread at once, on 16 private
/// files of known sizes (its owner and group lookups raced in getpwuid and getgrgid,
/// swift-foundation issue 982, fixed since). Each read asks one file: its size, its type, and
/// its owner, who must be the user `NSUserName()` names. The files live in a directory of
/// the trial's own, removed when the trial ends; a worker killed first leaves it to the next
/// trial's sweep.
package final class FileAttributesSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "filemanager-attributes",
    summary: "FileManager.attributesOfItem(atPath:) on private files: size, type, owner",
    documented: .safe, sendable: Sendability.of(FileManager.self), traits: [.readOnly],
    calls: ["FileManager.default.attributesOfItem(atPath:)"],
    leavesOut:
      "writes (createFile, moveItem, removeItem), contentsOfDirectory and fileExists(atPath:)")

  static let files = 16
  static let prefix = "stress.files."
  private let directory: PrivateDirectory
  private let owner = NSUserName()

  package init(shape: TrialShape) {
    _ = Self.sweep
    directory = PrivateDirectory(prefix: Self.prefix)
    for i in 0..<Self.files {
      _ = FileManager.default.createFile(
        atPath: path(i), contents: Data(repeating: UInt8(i), count: Self.size(i)))
    }
  }

  deinit {
    directory.remove()
  }

  /// Once per process: what killed workers left (`PrivateDirectory.sweep`).
  static let sweep: Void = PrivateDirectory.sweep(prefix: prefix)

  static func size(_ i: Int) -> Int { i * 37 + 1 }

  func path(_ i: Int) -> String { directory.file("f\(i)") }

  package func read(_ step: Step) -> String? {
    let i = Draw.choice(step.random, Self.files)
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: path(i)) else {
      return "attributesOfItem(f\(i)) threw"
    }
    let size = (attributes[.size] as? NSNumber)?.intValue ?? (attributes[.size] as? Int)
    guard size == Self.size(i) else { return "f\(i) has size \(size.map(String.init) ?? "nil")" }
    guard attributes[.type] as? FileAttributeType == .typeRegular else {
      return "f\(i) has type \(attributes[.type].map { "\($0)" } ?? "nil")"
    }
    let account = attributes[.ownerAccountName] as? String
    return account == owner ? nil : "f\(i) is owned by \(account ?? "nil"), not \(owner)"
  }

  package func check(writesPerThread: [Int]) -> Violations { Violations() }
}
