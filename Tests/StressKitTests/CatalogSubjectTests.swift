import Foundation
import FoundationSubjects
import Testing

@testable import StressKit

/// What the catalog says of its subjects. (That each passes alone and under a lock is asked of
/// the built binary's workers: `CatalogEndToEndTests.everySubjectPassesAloneAndUnderALock`.)
extension InProcessSubjects {
  @Suite struct CatalogSubjectTests {
    @Test func documentedSafetyFollowsApplesSummary() {
      let documented = Dictionary(
        uniqueKeysWithValues: FoundationCatalog.catalog.visibleSubjects.map {
          ($0.info.id, $0.info.documented)
        })
      #expect(documented["nsarray"] == .safe)
      #expect(documented["nsdictionary"] == .safe)
      for id in ["nsmutablearray", "nsmutabledictionary", "nsmutableset", "nscountedset"] {
        #expect(documented[id] == .unsafe, "\(id)")
      }
      #expect(documented["swift-array"] == .notListed)
    }

    @Test func misuseSubjectsAreMarkedAsFailingAlone() {
      let misuse = FoundationCatalog.catalog.visibleSubjects.filter { $0.info.failsAlone }.map {
        $0.info.id
      }
      #expect(Set(misuse) == ["deadlock", "recursive-lock-deadlock"])
    }

    @Test func selfTestsAreHiddenFromTheListing() {
      let visible = FoundationCatalog.catalog.visibleSubjects.map { $0.info.id }
      #expect(!visible.contains { $0.hasPrefix("selftest-") })
      #expect(FoundationCatalog.catalog.subject("selftest-crash") != nil)
    }
  }
}

/// What the Thread Safety Summary documents, as the catalog states it: a sample of each list.
@Suite struct DocumentedStatusTests {
  @Test(arguments: [
    ("nscalendar", DocumentedSafety.unsafe), ("nscalendar-mutating", .unsafe),
    ("nsmutablearray", .unsafe), ("dateformatter", .unsafe), ("nsarray", .safe),
    ("nsdictionary", .safe), ("calendar", .notListed),
  ])
  func theSummarysListsAreFollowed(subject: String, documented: DocumentedSafety) throws {
    let type = try #require(
      FoundationCatalog.catalog.visibleSubjects.first { $0.info.id == subject })
    #expect(type.info.documented == documented, "\(subject)")
  }
}

/// The oracle of `iso8601dateformatter-mutating`, on a formatter that keeps printing in one
/// form whatever its options say: what a stale cached formatter does after a racing rebuild.
@Suite struct ISO8601DateFormatterOracleTests {
  final class StaleFormatter: ISO8601DateFormatter, @unchecked Sendable {
    override func string(from date: Date) -> String {
      ISO8601DateFormatter.string(
        from: date, timeZone: TimeZone(identifier: "GMT")!,
        formatOptions: [.withInternetDateTime, .withFractionalSeconds])
    }
  }

  let shape = TrialShape(threads: 1, opsPerThread: 10)

  @Test func aFormatWithNoSetInFlightMustMatchItsOptions() {
    let subject = ISO8601DateFormatterMutatingSubject(shape: shape, formatter: StaleFormatter())
    // The options are whole seconds; the stale formatter prints fractions.
    let wrong = subject.read(Step(thread: 0, seq: 0, random: 42))
    #expect(wrong?.contains("with no set in flight") == true)
    #expect(!subject.check(writesPerThread: [0]).isEmpty)
  }

  @Test func aWritesOwnFormatIsCheckedToo() {
    let subject = ISO8601DateFormatterMutatingSubject(shape: shape, formatter: StaleFormatter())
    // Each write formats before it sets: what it finds wrong reaches the end check.
    subject.write(Step(thread: 0, seq: 0, random: 7))
    let violations = subject.check(writesPerThread: [1])
    #expect(violations.count >= 2)
  }

  @Test func theRealFormatterAloneAlwaysMatches() {
    let subject = ISO8601DateFormatterMutatingSubject(shape: shape)
    for seq in 0..<50 {
      subject.write(Step(thread: 0, seq: seq, random: UInt64(seq) &* 0x9E37_79B9_7F4A_7C15))
      #expect(subject.read(Step(thread: 0, seq: seq, random: UInt64(seq) << 3)) == nil)
    }
    #expect(subject.check(writesPerThread: [50]).isEmpty)
  }
}
