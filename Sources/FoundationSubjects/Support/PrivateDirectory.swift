import Foundation

/// A directory of one trial's own under the temporary directory, for a subject that touches
/// the file system: made when the trial starts, removed when it ends (`remove()`, from the
/// subject's `deinit`), and swept by a later trial if a killed worker left it.
struct PrivateDirectory {
  let path: String

  /// A fresh directory named `prefix` and a UUID.
  init(prefix: String) {
    path = (NSTemporaryDirectory() as NSString).appendingPathComponent(prefix + UUID().uuidString)
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  /// The path of `name` inside it.
  func file(_ name: String) -> String { (path as NSString).appendingPathComponent(name) }

  func remove() { try? FileManager.default.removeItem(atPath: path) }

  /// Removes what earlier trials' killed workers left in `directory` (the temporary one unless
  /// told): entries named `prefix`...`suffix`, and only those older than ten minutes, so a run
  /// going on beside this one keeps its own. A subject calls it once per process (a
  /// `static let`): a directory listing per trial would cost more than the trial.
  static func sweep(
    prefix: String, suffix: String = "", in directory: String = NSTemporaryDirectory()
  ) {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    for name in names where name.hasPrefix(prefix) && name.hasSuffix(suffix) {
      let path = (directory as NSString).appendingPathComponent(name)
      let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate]
      if let modified = modified as? Date, modified < Date(timeIntervalSinceNow: -600) {
        try? FileManager.default.removeItem(atPath: path)
      }
    }
  }
}
