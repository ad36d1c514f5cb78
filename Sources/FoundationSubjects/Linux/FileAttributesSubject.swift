import Foundation
import StressKit

/// `FileManager.default` read from every thread at once, as a file server reads: attributes
/// (whose owner and group lookups raced in getpwuid and getgrgid, swift-foundation issue 982,
/// fixed since), existence, listings, contents, access and URL resource values, on 16
/// private files of known sizes, an empty one, one with a non-ASCII name, the directory
/// itself and a missing name. The owner must be the user `NSUserName()` names. The files live
/// in a directory of the trial's own, removed when the trial ends; a worker killed first
/// leaves it to the next trial's sweep.
package final class FileAttributesSubject: StressSubject, @unchecked Sendable {
  package enum Call: String, CaseIterable {
    case attributes = "FileManager.default.attributesOfItem(atPath:) (size, type, owner)"
    case exists = "fileExists(atPath:isDirectory:)"
    case listing = "contentsOfDirectory(atPath:)"
    case contents = "contents(atPath:)"
    case access = "isReadableFile(atPath:), isWritableFile(atPath:)"
    case resources = "URL.resourceValues(forKeys: [.fileSizeKey, .isDirectoryKey])"
  }

  package static let info = SubjectInfo(
    id: "filemanager-attributes",
    summary: "FileManager.default on private files: attributes, exists, listing, contents, access",
    documented: .safe, sendable: Sendability.of(FileManager.self), traits: [.readOnly],
    calls: Call.allCases.map(\.rawValue), inputs: [names.summary], edges: names.edges,
    leavesOut:
      "writes (createFile, moveItem, removeItem, createDirectory) and enumerators: "
      + "filemanager-writes covers them; symbolic links: they resolve through these calls to "
      + "the file they name; changing the current directory: process-wide state a server does "
      + "not change while it serves (process-launch covers Process's own currentDirectoryURL)")

  package static let files = 16
  static let prefix = "stress.files."
  /// Indices past the files: the non-ASCII one, the directory, a missing name.
  package static let unicode = files
  package static let itself = files + 1
  package static let missing = files + 2
  package static let names = InputDomain(
    "names", edges: [0, files - 1, unicode, itself, missing],
    ordinary: Array(1..<(files - 1)),
    describe: {
      switch $0 {
      case unicode: "\"é 日本.txt\""
      case itself: "the directory"
      case missing: "a missing name"
      default: "f\($0) (\(size($0)) bytes)"
      }
    })
  package static let choice = InputDomain("calls", edges: [], ordinary: Call.allCases)
  private let directory: PrivateDirectory
  private let focus: Focus?
  private let owner = NSUserName()

  package init(shape: TrialShape) {
    _ = Self.sweep
    focus = shape.focus
    directory = PrivateDirectory(prefix: Self.prefix)
    for i in 0...Self.unicode {
      _ = FileManager.default.createFile(
        atPath: path(i), contents: Data(repeating: UInt8(i), count: Self.size(i)))
    }
  }

  deinit {
    directory.remove()
  }

  /// Once per process: what killed workers left (`PrivateDirectory.sweep`).
  static let sweep: Void = PrivateDirectory.sweep(prefix: prefix)

  static func size(_ i: Int) -> Int { i * 37 }

  func path(_ i: Int) -> String {
    switch i {
    case Self.unicode: directory.file("é 日本.txt")
    case Self.itself: directory.path
    case Self.missing: directory.file("missing")
    default: directory.file("f\(i)")
    }
  }

  package func read(_ step: Step) -> String? {
    let i = Self.names[step, focus]
    let file = Self.files
    let isFile = i <= Self.unicode
    let fm = FileManager.default
    switch Focus.call(focus, of: Call.self, else: Self.choice[step]) {
    case .attributes:
      guard let attributes = try? fm.attributesOfItem(atPath: path(i)) else {
        return i == Self.missing ? nil : "attributesOfItem(\(i)) threw"
      }
      if i == Self.missing { return "attributesOfItem of a missing name answered" }
      let size = (attributes[.size] as? NSNumber)?.intValue ?? (attributes[.size] as? Int)
      if isFile, size != Self.size(i) { return "\(i) has size \(size.map(String.init) ?? "nil")" }
      let type = attributes[.type] as? FileAttributeType
      guard type == (isFile ? .typeRegular : .typeDirectory) else {
        return "\(i) has type \(type.map { "\($0)" } ?? "nil")"
      }
      let account = attributes[.ownerAccountName] as? String
      return account == owner ? nil : "\(i) is owned by \(account ?? "nil"), not \(owner)"
    case .exists:
      var isDirectory: ObjCBool = false
      let exists = fm.fileExists(atPath: path(i), isDirectory: &isDirectory)
      return exists == (i != Self.missing) && isDirectory.boolValue == (i == Self.itself)
        ? nil : "fileExists(\(i)) is \(exists), directory \(isDirectory.boolValue)"
    case .listing:
      let names = (try? fm.contentsOfDirectory(atPath: directory.path)) ?? []
      return names.count == file + 1 && names.contains("é 日本.txt")
        ? nil : "contentsOfDirectory lists \(names.count) names"
    case .contents:
      let data = fm.contents(atPath: path(i))
      guard isFile else { return data == nil || i == Self.itself ? nil : "contents of \(i)" }
      return data?.count == Self.size(i) && data?.first.map { $0 == UInt8(i) } ?? true
        ? nil : "contents(\(i)) has \(data?.count ?? -1) bytes"
    case .access:
      let readable = fm.isReadableFile(atPath: path(i))
      let writable = fm.isWritableFile(atPath: path(i))
      let there = i != Self.missing
      return readable == there && writable == there
        ? nil : "\(i): readable \(readable), writable \(writable)"
    case .resources:
      let url = URL(fileURLWithPath: path(i))
      let values = try? url.resourceValues(forKeys: [.fileSizeKey, .isDirectoryKey])
      if i == Self.missing { return values == nil ? nil : "resource values of a missing name" }
      guard let values else { return "resourceValues(\(i)) threw" }
      if values.isDirectory != (i == Self.itself) {
        return "\(i): isDirectory \(values.isDirectory.map { "\($0)" } ?? "nil")"
      }
      return !isFile || values.fileSize == Self.size(i)
        ? nil : "\(i): fileSize \(values.fileSize.map(String.init) ?? "nil")"
    }
  }

  package func check(writesPerThread: [Int]) -> Violations { Violations() }
}
