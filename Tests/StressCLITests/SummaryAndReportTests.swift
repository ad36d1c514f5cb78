import Foundation
import StressKit
import StressReports
import Testing

@testable import StressCLI

/// A run's own summary and `stress report` of the file it wrote come from one digest of the
/// same cells: they must say the same, in text and in JSON, for a real run of the built binary.
@Suite struct SummaryAndReportTests {
  static let run = [
    "run", "--subjects", "counter", "--wrappers", "unprotected,lock", "--threads", "1,2",
    "--trials", "3", "--ops", "2000", "--seed", "7",
  ]

  @Test func theTextSummaryIsWhatReportSays() throws {
    let directory = try temporaryDirectory()
    let csv = directory.appendingPathComponent("r.csv").path
    let summary = directory.appendingPathComponent("r-summary.csv").path
    let ran = try runStress(Self.run + ["--out", csv])
    #expect(ran.code == 0 || ran.code == 1, "\(ran.err)")
    let report = try runStress(["report", csv])
    #expect(report.code == 0, "\(report.err)")
    let wrote = try #require(ran.out.range(of: "\nWrote "))
    let line = ran.out[wrote.lowerBound...].dropFirst().prefix { $0 != "\n" }
    #expect(line.contains(csv) && line.contains(summary))
    #expect(report.out == ran.out.replacingOccurrences(of: line + "\n", with: ""))
    #expect(report.out.contains("POSITIVE CONTROL") && report.out.contains("counter"))
  }

  @Test func theJSONSummaryIsWhatReportSays() throws {
    let directory = try temporaryDirectory()
    let csv = directory.appendingPathComponent("r.csv").path
    let ran = try runStress(Self.run + ["--out", csv, "--format", "json"])
    #expect(ran.code == 0 || ran.code == 1, "\(ran.err)")
    let report = try runStress(["report", csv, "--format", "json"])
    #expect(report.code == 0, "\(report.err)")
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    var summary = try decoder.decode(SummaryDocument.self, from: Data(ran.out.utf8))
    let read = try decoder.decode(SummaryDocument.self, from: Data(report.out.utf8))
    // Only the run knows the files it wrote.
    #expect(summary.run?.results == csv)
    summary.run?.results = nil
    summary.run?.summary = nil
    #expect(read.run != nil)
    #expect(summary == read)
    #expect(!read.verdicts.isEmpty && !read.control.isEmpty)
  }

  /// Compare, trend, report and the run's own summary weigh verdicts, read the control and rank
  /// wrappers one way, because only `RunDigest` computes them: no other file of the reports or
  /// the command line builds that analysis from cells.
  @Test func onlyTheDigestComputesWhatReportsSay() throws {
    let computed = [
      "WrapperComparison(", "ControlReading.readings(", ".recommendations(mode:", "SharedReads(",
      "Verdict.from(",
    ]
    var found: [String] = []
    for root in ["Sources/StressReports", "Sources/StressCLI"] {
      for file in try FileManager.default.subpathsOfDirectory(atPath: root)
      where file.hasSuffix(".swift") && !file.hasSuffix("/RunDigest.swift") {
        let text = try String(contentsOfFile: "\(root)/\(file)", encoding: .utf8)
        for line in text.split(separator: "\n")
        where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
          found += computed.filter { line.contains($0) }.map { "\(root)/\(file): \($0)" }
        }
      }
    }
    #expect(found.isEmpty, "\(found)")
    // The scan reads the tree it guards: the digest holds each (`Verdict.from` is gone).
    let digest = try String(
      contentsOfFile: "Sources/StressReports/Analysis/RunDigest.swift", encoding: .utf8)
    #expect(computed.dropLast().allSatisfy { digest.contains($0) })
  }
}
