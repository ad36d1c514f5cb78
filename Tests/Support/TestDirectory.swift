import Foundation

/// Fresh directories for tests, all under one root of this test process's own
/// (`stress-tests-<pid>` in the temporary directory), removed when the process exits. A root
/// that a killed test process left is removed by the next one, once it is an hour old.
package enum TestDirectory {
  /// A fresh directory named `prefix` and a UUID inside this process's root.
  package static func make(_ prefix: String) throws -> URL {
    let dir = root.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    return dir
  }

  /// Made once: sweeps stale roots, and removes this one at exit.
  static let root: URL = {
    let temporary = FileManager.default.temporaryDirectory
    let names = (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
    for name in names where name.hasPrefix("stress-tests-") {
      let path = temporary.appendingPathComponent(name).path
      let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate]
      if let modified = modified as? Date, modified < Date(timeIntervalSinceNow: -3_600) {
        try? FileManager.default.removeItem(atPath: path)
      }
    }
    let root = temporary.appendingPathComponent(
      "stress-tests-\(ProcessInfo.processInfo.processIdentifier)")
    try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(at: TestDirectory.root) }
    return root
  }()
}
