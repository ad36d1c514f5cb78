import Foundation
import StressKitBench
import StressKitCore
import StressKitEngine
import StressKitModel
import StressKitPlan
import StressKitRun
import StressPlatform

/// A report written whole at the end (JUnit, HTML, the summary CSV, a merged CSV): written to a temporary file beside it and renamed into place, so a
/// reader never sees half a report and a failed write leaves none.
package final class ReportFile {
  package let path: String
  private let what: String

  /// Refuses now a path another run holds; whether it can be written at all is asked before
  /// any work, with the command's other paths (`OutputPaths.check`).
  package init(path: String, what: String) throws {
    self.path = path
    self.what = what
    try ResultsLock.refuseIfHeld(path)
  }

  private var temporaryPath: String {
    let url = URL(fileURLWithPath: path)
    return url.deletingLastPathComponent()
      .appendingPathComponent(".\(url.lastPathComponent).\(Platform.processID).tmp").path
  }

  /// Writes `text` as the whole file.
  package func write(_ text: String) throws {
    // A device or a pipe (/dev/stdout, /dev/full) is written in place, never replaced.
    if Platform.isSpecialFile(path) {
      let file = try CSVFile(path: path, what: what)
      return try file.write(text)
    }
    // Asked again at the end: a run may have taken the file since this report began.
    try ResultsLock.refuseIfHeld(path)
    let temporary = temporaryPath
    let file = try CSVFile(path: temporary, what: what)
    do {
      try file.write(text)
      try file.sync()
    } catch {
      try? FileManager.default.removeItem(atPath: temporary)
      throw error
    }
    if let reason = Platform.renameFile(temporary, to: path) {
      try? FileManager.default.removeItem(atPath: temporary)
      throw CSVFile.WriteError(description: "cannot write \(what) to '\(path)': \(reason)")
    }
  }
}
