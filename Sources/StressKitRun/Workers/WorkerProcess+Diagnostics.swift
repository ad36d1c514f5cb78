import Foundation
import StressKitCore

// What a worker is started with, and what it printed, read for why it died.
extension WorkerProcess {
  /// A worker's environment: the runner's, without the runtime's own backtracer, which costs
  /// 30 to 250 ms a crash (`stress bench`, BENCHMARKS.md); the worker's handler and the
  /// runner's symbol lookup name the place for less.
  static var environment: [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment["SWIFT_BACKTRACE"] = "enable=no"
    return environment
  }

  /// Whether a crash's message is about an allocation (a refused one: "allocate",
  /// "allocation"), not a deallocation: "deallocated with non-zero retain count" is a
  /// use-after-free, and the memory limit has nothing to do with it.
  static func saysAllocationFailed(_ message: String) -> Bool {
    message.split(whereSeparator: { !$0.isLetter }).contains {
      $0.lowercased().hasPrefix("allocat")
    }
  }

  /// The line that best says why a worker died: a Swift fatal error if there is one.
  static func firstLine(_ bytes: [UInt8]) -> String? {
    let lines = String(decoding: bytes, as: UTF8.self)
      .split(whereSeparator: \.isNewline)
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty && !CrashReport.isReportLine($0) }
    let best = lines.first { line in fatalMarkers.contains { line.contains($0) } } ?? lines.first
    return best.map { String($0.prefix(300)) }
  }

  static let fatalMarkers = [
    "Fatal error", "fatal error", "Precondition failed", "Assertion failed",
  ]

  /// Whether the worker printed a Swift fatal error's message.
  static func saysFatal(_ bytes: [UInt8]) -> Bool {
    let text = String(decoding: bytes, as: UTF8.self)
    return fatalMarkers.contains { text.contains($0) }
  }
}
