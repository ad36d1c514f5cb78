import StressKit
import StressReports
import StressTestSupport
import Testing

/// Read-only cells under a wrapper that lets reads overlap are said to have run bare.
@Suite struct SharedReadsTests {
  typealias F = ResultsFixtures

  func cells(_ specs: [(subject: String, wrapper: String, readRatio: Double)]) -> [CellStatistics] {
    CellStatistics.compute(
      specs.map { spec in
        var cell = F.cell(spec.wrapper, subject: spec.subject)
        cell.readRatio = spec.readRatio
        return F.trial(cell, 0)
      })
  }

  static let sharing: Set<String> = ["rw-barrier", "rwlock"]

  @Test func readOnlyCellsUnderReadSharingWrappersAreNamed() throws {
    let shared = try #require(
      SharedReads(
        cells([
          ("nsarray", "rw-barrier", 1), ("nsarray", "lock", 1), ("nsdictionary", "rwlock", 1),
          ("counter", "rwlock", 0.9), ("nsarray", "rwlock", 1),
        ]), sharing: Self.sharing))
    #expect(shared.wrappers == ["rw-barrier", "rwlock"])
    #expect(shared.subjects == ["nsarray", "nsdictionary"])
    #expect(
      shared.text
        == "rw-barrier and rwlock run reads together, so they leave concurrent reads "
        + "unprotected: under them, the read-only nsarray and nsdictionary ran as bare as "
        + "under unprotected.")
  }

  @Test func oneWrapperReadsInTheSingular() throws {
    let shared = try #require(
      SharedReads(cells([("nsarray", "rwlock", 1)]), sharing: Self.sharing))
    #expect(shared.text.hasPrefix("rwlock runs reads together, so it leaves"))
  }

  @Test func writesOrExclusiveWrappersNeedNoNote() {
    #expect(SharedReads(cells([("counter", "rwlock", 0.99)]), sharing: Self.sharing) == nil)
    #expect(SharedReads(cells([("nsarray", "lock", 1)]), sharing: Self.sharing) == nil)
    #expect(SharedReads(cells([("nsarray", "rwlock", 1)]), sharing: []) == nil)
  }

  @Test func theStandardCatalogKnowsWhichWrappersShareReads() {
    #expect(Catalog.standard.readSharingWrappers == Self.sharing)
  }
}
