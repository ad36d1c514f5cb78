import Foundation
import FoundationSubjects
import StressCLI
import StressKit
import StressPlatform
import StressTestSupport
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Captures what a command prints.
final class Captured: Sendable {
  private let text = Mutex((out: "", err: ""))

  var console: Console {
    Console(
      out: { s in self.text.withLock { $0.out += s } },
      err: { s in self.text.withLock { $0.err += s } })
  }

  var out: String { text.withLock { $0.out } }
  var err: String { text.withLock { $0.err } }
}

/// Runs the command line in this process (no workers are started by these calls).
func runInProcess(_ arguments: [String]) -> (code: ExitCode, out: String, err: String) {
  let captured = Captured()
  let code = StressCommand.run(
    catalog: testCatalog, arguments: arguments, console: captured.console)
  return (code, captured.out, captured.err)
}

var testCatalog: Catalog {
  FoundationCatalog.catalog
}

/// The built `stress` executable, beside this test bundle.
var stressExecutable: String {
  URL(fileURLWithPath: Platform.executablePath()).deletingLastPathComponent()
    .appendingPathComponent("stress").path
}

var packageRoot: URL {
  URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
}

/// A fresh temporary directory.
func temporaryDirectory() throws -> URL {
  try TestDirectory.make("stress-test")
}

/// Runs the built executable to completion; its output goes through files, so a chatty
/// child can never block on a full pipe.
func runStress(_ arguments: [String], in directory: URL? = nil, timeout: Double = 60) throws -> (
  code: Int32, out: String, err: String
) {
  let scratch = try temporaryDirectory()
  let outURL = scratch.appendingPathComponent("out")
  let errURL = scratch.appendingPathComponent("err")
  _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
  _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
  let process = Process()
  process.executableURL = URL(fileURLWithPath: stressExecutable)
  process.arguments = arguments
  if let directory { process.currentDirectoryURL = directory }
  process.standardOutput = try FileHandle(forWritingTo: outURL)
  process.standardError = try FileHandle(forWritingTo: errURL)
  try process.run()
  waitForExit(process, timeout: timeout)
  return (
    process.terminationStatus, try String(contentsOf: outURL, encoding: .utf8),
    try String(contentsOf: errURL, encoding: .utf8)
  )
}

/// Rows of a results CSV as dictionaries keyed by column.
func readRows(_ url: URL) throws -> [[String: String]] {
  let rows = CSV.parse(try String(contentsOf: url, encoding: .utf8))
  guard let header = rows.first else { return [] }
  return rows.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(header, $0)) }
}

/// Rows of a results CSV or a summary CSV, the positive control's left out: the plan's cells.
func readCellRows(_ url: URL) throws -> [[String: String]] {
  try readRows(url).filter { $0["subject"] != "positive-control" }
}

/// A results row's fields, required: a missing or unreadable field is one failed expectation
/// at the caller's line, never a crash of the whole test run.
extension Dictionary where Key == String, Value == String {
  func text(_ column: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
    try #require(self[column], "no column '\(column)'", sourceLocation: sourceLocation)
  }

  func number(_ column: String, sourceLocation: SourceLocation = #_sourceLocation) throws
    -> Double
  {
    let text = try text(column, sourceLocation: sourceLocation)
    return try #require(
      Double(text), "\(column) is '\(text)', not a number", sourceLocation: sourceLocation)
  }
}
