import Foundation
import StressKitBench
import StressKitCore
import StressKitEngine
import StressKitModel
import StressKitPlan
import StressKitRun

/// Writes JUnit XML when the run ends, for CI dashboards: a testsuite per subject, a testcase
/// per cell. A cell that fails the run is a `<failure>` (a protected wrapper that did not stay
/// correct) or an `<error>` (a broken subject, a harness fault); an unprotected cell's findings
/// are properties and system-out, never a failure, so they do not fail the build.
package final class JUnitWriter {
  private let file: ReportFile

  /// Opens the file now, so a bad path fails before any trial runs.
  package init(path: String) throws {
    file = try ReportFile(path: path, what: "JUnit XML")
  }

  package func write(_ digest: RunDigest, name: String) throws {
    try file.write(Self.render(digest, name: name))
  }

  /// The JUnit document for the digest's cells, grouped by subject in first-seen order.
  package static func render(_ digest: RunDigest, name: String) -> String {
    let cells = digest.cells
    func failures(_ cells: [CellStatistics]) -> Int {
      cells.filter { $0.failingTrials > 0 && !isError($0) }.count
    }
    func errors(_ cells: [CellStatistics]) -> Int { cells.filter(isError).count }
    func time(_ cells: [CellStatistics]) -> String {
      String(format: "%.3f", cells.map(\.seconds).reduce(0, +))
    }
    let controls = digest.control
    let verdicts = Dictionary(digest.verdicts.map { ($0.subject, $0) }) { a, _ in a }
    var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    xml +=
      "<testsuites name=\"\(Markup.escape(name))\" tests=\"\(cells.count)\" "
      + "failures=\"\(failures(cells))\" errors=\"\(errors(cells))\" time=\"\(time(cells))\">\n"
    for (subject, group) in cells.groupedInOrder(by: \.cell.subject) {
      xml +=
        "  <testsuite name=\"\(Markup.escape(subject))\" tests=\"\(group.count)\" "
        + "failures=\"\(failures(group))\" errors=\"\(errors(group))\" skipped=\"0\" "
        + "time=\"\(time(group))\">\n"
      xml += "    <properties>\n"
      xml += property("documented", group[0].cell.documented.rawValue, indent: 6)
      if let verdict = verdicts[subject] {
        xml += property("verdict", verdict.measured, indent: 6)
      }
      if group[0].cell.isControl {
        xml += property(
          "role", "positive control: how often it is caught is the run's power to see a race",
          indent: 6)
      }
      xml += "    </properties>\n"
      let mixes = group.map(\.cell).sweepsReadMix
      for s in group { xml += testcase(s, control: controls[s.cell.threads], mixes: mixes) }
      xml += "  </testsuite>\n"
    }
    return xml + "</testsuites>\n"
  }

  /// A cell fails as an error when its failing trials include `error` (broken, not racy).
  private static func isError(_ s: CellStatistics) -> Bool {
    s.failingTrials > 0 && (s.counts[.error] ?? 0) > 0
  }

  private static func testcase(_ s: CellStatistics, control: ControlReading?, mixes: Bool)
    -> String
  {
    let c = s.cell
    var name = "\(c.wrapper) / \(c.threads) thread\(c.threads == 1 ? "" : "s")"
    if let readers = c.readers { name += " / \(readers) readers" }
    if mixes && c.readers == nil { name += " / \(c.mixText)" }
    if c.driver == .dispatchApply { name += " / dispatch-apply" }
    var xml =
      "    <testcase classname=\"stress.\(Markup.escape(c.subject))\" name=\"\(Markup.escape(name))\" "
      + "time=\"\(String(format: "%.3f", s.seconds))\">\n"
    xml += "      <properties>\n"
    xml += property("protected", String(c.isProtected), indent: 8)
    xml += property("trials", String(s.trials), indent: 8)
    for outcome in Outcome.allCases {
      xml += property(outcome.rawValue, String(s.counts[outcome] ?? 0), indent: 8)
    }
    if let median = s.throughput?.p50 {
      xml += property("median_ops_per_sec", String(format: "%.1f", median), indent: 8)
    }
    if let control {
      xml += property("control_detection_rate", String(format: "%.4f", control.rate), indent: 8)
    }
    xml += "      </properties>\n"
    func list(_ records: [TrialRecord]) -> String {
      records.map {
        "trial \($0.trial) (seed \($0.seed)): \($0.result.outcome.rawValue): \($0.result.detail)"
      }.joined(separator: "\n")
    }
    if s.failingTrials > 0 {
      let tag = isError(s) ? "error" : "failure"
      // The finding's kind where there is one (not-linearizable, deadlock, ...), else the outcome.
      let first = s.failingSamples.first?.result
      let kind = first?.finding?.kind.rawValue ?? first?.outcome.rawValue ?? "error"
      var summary = "\(s.failingTrials) of \(s.trials) trials fail the run"
      if let reason = s.cell.expectation, !s.cell.isProtected {
        summary += ", breaking the expectation: \(reason)"
      }
      xml +=
        "      <\(tag) message=\"\(Markup.escape(summary))\" type=\"\(kind)\">"
        + "\(Markup.escape(list(s.failingSamples)))</\(tag)>\n"
    }
    if s.failedTrials > s.failingTrials {
      // Unprotected findings: evidence for the report, not a broken build.
      let findings = s.failureSamples.filter { !$0.failsRun }
      xml +=
        "      <system-out>finding (unprotected, does not fail the build): "
        + "\(s.failedTrials - s.failingTrials) of \(s.trials) trials did not end ok\n"
        + "\(Markup.escape(list(findings)))</system-out>\n"
    }
    return xml + "    </testcase>\n"
  }

  private static func property(_ name: String, _ value: String, indent: Int) -> String {
    String(repeating: " ", count: indent)
      + "<property name=\"\(Markup.escape(name))\" value=\"\(Markup.escape(value))\"/>\n"
  }
}
