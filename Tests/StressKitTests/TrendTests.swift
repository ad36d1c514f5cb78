import Foundation
import StressKit
import StressReports
import StressTestSupport
import Testing

/// Nights of a plan read back as a history.
@Suite struct TrendTests {
  typealias F = ResultsFixtures

  /// A night starting `day` days after the fixture's date: a lock cell at `lock` ops/s, and an
  /// unprotected cell that fails when `racy`; a mutex cell only when `mutex`.
  func night(day: Int, lock: Double, racy: Bool, mutex: Bool = true) throws -> ResultsFile {
    var records = (0..<3).map {
      F.trial(F.cell("lock"), $0, opsPerSecond: lock * (1 + 0.01 * Double($0)))
    }
    records += (0..<3).map {
      F.trial(F.cell("unprotected"), $0, outcome: racy && $0 == 0 ? .corrupt : .ok)
    }
    if mutex { records += (0..<3).map { F.trial(F.cell("mutex"), $0, opsPerSecond: 2e6) } }
    let text = F.csv(
      records, startedAt: Date(timeIntervalSince1970: 1_800_000_000 + Double(day) * 86_400))
    return try ResultsFile.load(F.write(text))
  }

  @Test func nightsAreOrderedByTheirStartAndCellsFollowedAcrossThem() throws {
    // Named out of order: the trend orders by started_at.
    let trend = Trend([
      try night(day: 2, lock: 3e6, racy: false),
      try night(day: 0, lock: 1e6, racy: true),
      try night(day: 1, lock: 2e6, racy: true, mutex: false),
    ])
    #expect(
      trend.nights.map(\.startedAt) == [
        "2027-01-15T08:00:00Z", "2027-01-16T08:00:00Z", "2027-01-17T08:00:00Z",
      ])
    let lock = try #require(trend.cells.first { $0.cell.wrapper == "lock" })
    #expect(lock.medians == [1.01e6, 2.02e6, 3.03e6])
    let mutex = try #require(trend.cells.first { $0.cell.wrapper == "mutex" })
    #expect(mutex.medians == [2e6, nil, 2e6])
    #expect(mutex.trials == [3, nil, 3])
    let bare = try #require(trend.cells.first { $0.cell.wrapper == "unprotected" })
    #expect(bare.failed == [1, 1, 0])
    #expect(trend.verdicts.map(\.subject) == ["s"])
    #expect(trend.verdicts[0].findings == ["unsafe", "unsafe", "no failure seen"])
  }

  @Test func theTrendRendersAsCSVJSONTextAndAPage() throws {
    let trend = Trend([
      try night(day: 0, lock: 1e6, racy: true),
      try night(day: 1, lock: 2e6, racy: false, mutex: false),
    ])
    let rows = CSV.parse(trend.csv())
    #expect(rows[0] == Trend.csvHeader)
    // 3 cells the first night, 2 the second: no row where a cell did not run.
    #expect(rows.count == 1 + 3 + 2)
    let lockRows = rows.filter { $0.count > 5 && $0[5] == "lock" }
    #expect(lockRows.map { $0[0] } == ["1", "2"])
    #expect(lockRows.map { $0[13] } == ["1010000.0", "2020000.0"])
    #expect(rows[1].last == "unsafe")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(trend.json().utf8)) as? [String: Any])
    let cells = try #require(json["cells"] as? [[String: Any]])
    let mutex = try #require(cells.first { $0["wrapper"] as? String == "mutex" })
    let medians = try #require(mutex["median_ops_per_sec"] as? [Any])
    #expect(medians.count == 2 && medians[1] is NSNull)
    let verdicts = try #require(json["verdicts"] as? [[String: Any]])
    #expect(verdicts.first?["findings"] as? [String] == ["unsafe", "no failure seen"])
    let text = trend.text()
    #expect(text.contains("  s: unsafe | no failure seen\n"))
    #expect(text.contains("s / mutex / 2 threads: 2.0M -\n"))
    let page = TrendPage(title: "t", trend: trend).render()
    #expect(page.hasPrefix("<!DOCTYPE html>"))
    #expect(page.contains("aria-label=\"s night by night\""))
    #expect(page.contains("<title>night 1: unsafe</title>"))
    #expect(page.contains("<title>lock, night 2: 2.0M ops/s</title>"))
  }
}
