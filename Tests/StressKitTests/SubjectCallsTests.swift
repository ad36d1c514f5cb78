import Foundation
import FoundationSubjects
import StressKit
import Testing

/// The mutable subjects' writes and reads are the calls they name, all of them drawn; and
/// every Foundation subject says what it calls and what it leaves out.
extension InProcessSubjects {
  @Suite struct SubjectCallsTests {
    func steps(_ count: Int = 4_000) -> [Step] {
      var random = SplitMixForTests(seed: 17)
      return (0..<count).map { Step(thread: 0, seq: $0, random: random.next()) }
    }

    @Test func cacheSetsWithCostsRemovesClearsAndEvictsUnderItsLimits() {
      let drawn = Set(steps().map { NSCacheSubject.write(for: $0) })
      #expect(drawn == Set(NSCacheSubject.Write.allCases))
      let calls = NSCacheSubject.info.calls
      for write in NSCacheSubject.Write.allCases {
        #expect(calls.contains("\(write.rawValue) (write)"))
      }
      #expect(calls.contains { $0.contains("countLimit") && $0.contains("totalCostLimit") })
      // Alone, every lookup is nil or right, and so is the end state.
      let all = steps()
      let subject = NSCacheSubject(shape: TrialShape(threads: 1, opsPerThread: all.count))
      for step in all {
        subject.write(step)
        #expect(subject.read(step) == nil)
      }
      #expect(subject.check(writesPerThread: [all.count]).isEmpty)
    }

    @Test func defaultsAreSetTypedRemovedRegisteredAndReadWhole() {
      let all = steps(800)
      #expect(
        Set(all.map { UserDefaultsSubject.writes[$0] }) == Set(UserDefaultsSubject.Write.allCases))
      #expect(
        Set(all.map { UserDefaultsSubject.reads[$0] }) == Set(UserDefaultsSubject.Read.allCases))
      let calls = UserDefaultsSubject.info.calls.joined(separator: "\n")
      for call in [
        "removeObject(forKey:)", "register(defaults:)", "integer(forKey:)",
        "dictionaryRepresentation()",
      ] {
        #expect(calls.contains(call), "userdefaults does not call \(call)")
      }
      let subject = UserDefaultsSubject(shape: TrialShape(threads: 1, opsPerThread: all.count))
      for step in all {
        subject.write(step)
        #expect(subject.read(step) == nil)
      }
      #expect(subject.check(writesPerThread: [all.count]).isEmpty)
    }

    @Test func fileManagerReadsListsAndAsksAccessOfEmptyNonASCIIDirectoryAndMissingNames() {
      let all = steps()
      let info = FileAttributesSubject.info
      #expect(Set(all.map { FileAttributesSubject.choice[$0].rawValue }) == Set(info.calls))
      let names = FileAttributesSubject.names
      let edges = Set(names.values.prefix(names.edgeCount))
      #expect(
        edges.isSuperset(of: [
          0, FileAttributesSubject.unicode, FileAttributesSubject.itself,
          FileAttributesSubject.missing,
        ]))
      for text in ["é 日本.txt", "the directory", "a missing name", "f0 (0 bytes)"] {
        #expect(names.summary.contains(text))
      }
      let subject = FileAttributesSubject(shape: TrialShape(threads: 1, opsPerThread: all.count))
      for step in all { #expect(subject.read(step) == nil) }
    }

    @Test func mutableStringsAppendInsertDeleteAndReplaceNonASCIISegments() {
      let all = steps()
      let info = NSMutableStringSubject.info
      let made = Set(all.map { NSMutableStringSubject.writes[$0].rawValue })
        .union(all.map { NSMutableStringSubject.reads[$0].rawValue })
      #expect(made == Set(info.calls))
      let suffixes = NSMutableStringSubject.suffixes
      #expect(suffixes.values.prefix(suffixes.edgeCount).contains { $0.utf16.count == 2 })
      #expect(info.inputs == [suffixes.summary])
      expectWholeAlone(NSMutableStringSubject.init, all)
    }

    @Test func mutableDataGrowsThreeWaysAndIsReadAtItsEnds() {
      let all = steps()
      let info = NSMutableDataSubject.info
      let made = Set(all.map { NSMutableDataSubject.writes[$0].rawValue })
        .union(all.map { NSMutableDataSubject.reads[$0].rawValue })
      #expect(made == Set(info.calls))
      #expect(Set(all.map { NSMutableDataSubject.chunks.index(for: $0) }) == [0, 1, 2])
      expectWholeAlone(NSMutableDataSubject.init, all)
    }

    @Test func mutableAttributedStringsInsertAddAttributesAndAreReadByRuns() {
      let all = steps()
      let info = NSMutableAttributedStringSubject.info
      let made = Set(all.map { NSMutableAttributedStringSubject.writes[$0].rawValue })
        .union(all.map { NSMutableAttributedStringSubject.reads[$0].rawValue })
      #expect(made == Set(info.calls))
      expectWholeAlone(NSMutableAttributedStringSubject.init, all)
    }

    @Test func mutableCharacterSetsGrowThreeWaysRemoveAndAnswerMembership() {
      let all = steps()
      let info = NSMutableCharacterSetSubject.info
      let made = Set(all.map { NSMutableCharacterSetSubject.writes[$0].rawValue })
        .union(all.map { NSMutableCharacterSetSubject.reads[$0].rawValue })
      #expect(made == Set(info.calls))
      expectWholeAlone(NSMutableCharacterSetSubject.init, all)
    }

    @Test func notificationsAreObservedByNameOrAllAndPostedBothWays() {
      let all = steps(400)
      let calls = NotificationCenterSubject.info.calls
      #expect(
        Set(all.map { NotificationCenterSubject.posts[$0].rawValue + " (read)" })
          .isSubset(of: calls))
      #expect(Set(all.map { NotificationCenterSubject.posts[$0] }).count == 2)
      #expect(calls.contains { $0.contains("forName: nil") })
      expectWholeAlone(NotificationCenterSubject.init, all)
      let writes = Set(all.map { NotificationQueueSubject.writes[$0].rawValue })
      #expect(writes == Set(NotificationQueueSubject.info.calls))
      expectWholeAlone(NotificationQueueSubject.init, all)
    }

    @Test func scannersScanFiveWaysAndAreAskedWhereTheyStand() {
      let all = steps(800)
      let writes = Set(all.map { ScannerSubject.writes[$0].rawValue + " (write)" })
      #expect(writes.count == 5 && writes.isSubset(of: ScannerSubject.info.calls))
      expectWholeAlone(ScannerSubject.init, all)
    }

    @Test func fileHandlesAppendFourWaysAndAreAskedTheirOffset() {
      let all = steps(400)
      let calls = FileHandleSubject.info.calls
      #expect(Set(all.map { FileHandleSubject.writes[$0] }).count == 4)
      #expect(calls.contains { $0.contains("synchronize()") })
      #expect(calls.contains { $0.hasPrefix("write(contentsOf:)") })
      #expect(calls.contains { $0.hasPrefix("seekToEnd()") })
      expectWholeAlone(FileHandleSubject.init, all)
    }

    @Test func reconfiguredCalendarsComputeStartsAdditionsAndRanges() {
      let all = steps()
      let reads = Set(all.map { NSCalendarMutatingSubject.reads[$0].rawValue + " (read)" })
      #expect(reads.count == 4 && reads.isSubset(of: NSCalendarMutatingSubject.info.calls))
      expectWholeAlone(NSCalendarMutatingSubject.init, all)
      #expect(NSCalendarMutatingSubject.daysIn(month: 2, year: 2000) == 29)
      #expect(NSCalendarMutatingSubject.daysIn(month: 2, year: 1900) == 28)
    }

    @Test func everyFoundationSubjectNamesItsCallsAndWhatItLeavesOut() {
      // The baselines and misuse subjects make no Foundation call worth naming.
      let exempt: Set<String> = ["counter", "noop", "deadlock", "recursive-lock-deadlock"]
      let infos: [SubjectInfo] = FoundationCatalog.catalog.visibleSubjects.map { $0.info }
      #expect(infos.count > 60)
      for info in infos where !exempt.contains(info.id) {
        #expect(!info.calls.isEmpty, "\(info.id) names no calls")
        #expect(info.leavesOut != nil, "\(info.id) does not say what it leaves out")
      }
    }

    /// Each call a subject leaves out says why (issue 51, point 3): "what: why", joined by
    /// "; ". A why that names a subject names one of the catalog, and "not covered yet" is no
    /// why: a call an application makes is covered, or the reason it cannot be is given.
    @Test func everyCallLeftOutSaysWhy() {
      let infos: [SubjectInfo] = FoundationCatalog.catalog.visibleSubjects.map { $0.info }
        .filter { !$0.calls.isEmpty }
      let ids: Set<String> = Set(FoundationCatalog.catalog.subjects.map { $0.info.id })
      for info in infos {
        for item in (info.leavesOut ?? "").components(separatedBy: "; ") {
          let parts = item.components(separatedBy: ": ")
          #expect(
            parts.count >= 2 && parts.allSatisfy { !$0.isEmpty } && !item.hasSuffix("."),
            "\(info.id): '\(item)' does not say what and why")
          let why = parts.dropFirst().joined(separator: ": ")
          for cover in [" covers it", " covers them", " covers the"] {
            guard let range = why.range(of: cover) else { continue }
            let words = why[..<range.lowerBound].split(separator: " ")
            let named = (words.last.map { String($0) } ?? "").trimmingCharacters(
              in: CharacterSet(charactersIn: "(),"))
            #expect(ids.contains(named), "\(info.id): '\(why)' names no subject")
          }
          #expect(!why.contains("not covered yet"), "\(info.id) leaves out \(item)")
        }
      }
    }
  }
}

/// Alone, the subject `make` makes reads back every step's write and ends whole.
func expectWholeAlone<Subject: StressSubject>(
  _ make: (TrialShape) -> Subject, _ all: [Step], sourceLocation: SourceLocation = #_sourceLocation
) {
  let subject = make(TrialShape(threads: 1, opsPerThread: all.count))
  for step in all {
    subject.write(step)
    #expect(subject.read(step) == nil, sourceLocation: sourceLocation)
  }
  #expect(subject.check(writesPerThread: [all.count]).isEmpty, sourceLocation: sourceLocation)
}
