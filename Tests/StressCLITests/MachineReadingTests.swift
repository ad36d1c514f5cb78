import Foundation
import StressKit
import Testing

/// Every trial records the machine around it (issue 52, point 1): its worker's CPU and wall
/// time, the run queue, the load and steal, as CSV columns, summed per cell in the summary.
@Suite struct MachineReadingTests {
  @Test func everyTrialRecordsTheMachineAndTheSummarySumsIt() throws {
    let dir = try temporaryDirectory()
    let csv = dir.appendingPathComponent("r.csv")
    let r = try runStress([
      "run", "--subjects", "counter", "--wrappers", "unprotected,lock", "--threads", "2",
      "--trials", "3", "--warmup", "0", "--ops", "2000", "--out", csv.path,
    ])
    #expect(r.code == 0, "\(r.err)")
    let rows = try readRows(csv)
    #expect(rows.count >= 6)
    for row in rows where row["outcome"] == "ok" {
      let wall = try #require(Double(row["worker_wall_s"] ?? ""), "\(row)")
      let cpu = try #require(Double(row["worker_cpu_s"] ?? ""), "\(row)")
      let seconds = try #require(Double(row["seconds"] ?? ""))
      // The runner's wait holds the worker's timed region, and the worker used some CPU.
      #expect(wall >= seconds && wall > 0 && cpu >= 0, "\(row)")
      #expect((Int(row["run_queue"] ?? "") ?? 0) >= 1, "\(row)")
      #expect((Double(row["load_1m"] ?? "") ?? -1) >= 0, "\(row)")
      #expect(Double(row["steal_s"] ?? "").map { $0 >= 0 } ?? true, "\(row)")
    }
    // The summary's cell sums its trials' readings.
    let summary = try readRows(dir.appendingPathComponent("r-summary.csv"))
    let lock = try #require(summary.first { $0["wrapper"] == "lock" && $0["subject"] == "counter" })
    let trials = rows.filter { $0["wrapper"] == "lock" && $0["subject"] == "counter" }
    let cpu = trials.compactMap { Double($0["worker_cpu_s"] ?? "") }.reduce(0, +)
    let wall = trials.compactMap { Double($0["worker_wall_s"] ?? "") }.reduce(0, +)
    #expect(abs((Double(lock["worker_cpu_s"] ?? "") ?? -1) - cpu) < 1e-5, "\(lock)")
    #expect(abs((Double(lock["worker_wall_s"] ?? "") ?? -1) - wall) < 1e-5, "\(lock)")
    #expect((Double(lock["mean_run_queue"] ?? "") ?? 0) >= 1, "\(lock)")
    // `report` of the file reads the summary it would write the same way.
    #expect(try runStress(["report", csv.path]).code == 0)
  }
}
