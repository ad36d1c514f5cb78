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
    documented: .safe, sendable: Sendability.of(FileManager.self), traits: [.readOnly])

  static let files = 16
  static let prefix = "stress.files."
  private let directory: String
  private let owner = NSUserName()

  package init(shape: TrialShape) {
    _ = Self.sweep
    directory = (NSTemporaryDirectory() as NSString)
      .appendingPathComponent(Self.prefix + UUID().uuidString)
    try? FileManager.default.createDirectory(
      atPath: directory, withIntermediateDirectories: true)
    for i in 0..<Self.files {
      _ = FileManager.default.createFile(
        atPath: path(i), contents: Data(repeating: UInt8(i), count: Self.size(i)))
    }
  }

  deinit {
    try? FileManager.default.removeItem(atPath: directory)
  }

  /// Once per process: removes the directories of earlier trials whose worker was killed
  /// before `deinit` ran. Only this subject's names, and only those older than ten minutes, so
  /// a run going on beside this one keeps its own.
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

  static func size(_ i: Int) -> Int { i * 37 + 1 }

  func path(_ i: Int) -> String { (directory as NSString).appendingPathComponent("f\(i)") }

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
