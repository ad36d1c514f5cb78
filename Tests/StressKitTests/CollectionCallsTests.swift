import FoundationSubjects
import StressKit
import Testing

/// The collections make the calls they name, bulk operations and enumeration among them, on
/// their edge indices and keys; alone, every call reads back what was stored.
extension InProcessSubjects {
  @Suite struct CollectionCallsTests {
    func steps(_ count: Int = 2_000) -> [Step] {
      var random = SplitMixForTests(seed: 11)
      return (0..<count).map { Step(thread: 0, seq: $0, random: random.next()) }
    }

    @Test func immutableArrayIsIndexedEnumeratedSearchedAndSlicedAtItsEnds() {
      let info = NSArraySubject.info
      #expect(Set(steps().map { NSArraySubject.choice[$0].rawValue }) == Set(info.calls))
      for name in ["for-in", "enumerateObjects", "subarray(with:)", "index(of:)", "sortedArray"] {
        #expect(info.calls.contains { $0.hasPrefix(name) }, "nsarray does not call \(name)")
      }
      let drawn = Set(steps().map { NSArraySubject.indices[$0] })
      #expect(drawn.isSuperset(of: [0, NSArraySubject.size - 1]))
      #expect(info.inputs == [NSArraySubject.indices.summary] && info.leavesOut != nil)
      let subject = NSArraySubject(shape: TrialShape(threads: 1, opsPerThread: 2_000))
      for step in steps() { #expect(subject.read(step) == nil) }
    }

    @Test func immutableDictionaryIsLookedUpInBulkAndEnumeratedWithAMissingKey() {
      let info = NSDictionarySubject.info
      #expect(Set(steps().map { NSDictionarySubject.choice[$0].rawValue }) == Set(info.calls))
      #expect(info.calls.contains { $0.hasPrefix("objects(forKeys:") })
      #expect(info.calls.contains { $0.hasPrefix("enumerateKeysAndObjects") })
      #expect(info.calls.contains { $0.hasPrefix("object(forKey:) with String keys") })
      #expect(info.calls.contains { $0.hasPrefix("value(forKey:)") })
      let size = NSDictionarySubject.size
      #expect(
        Set(steps().map { NSDictionarySubject.keys[$0] }).isSuperset(of: [0, size - 1, size]))
      #expect(NSDictionarySubject.keys.summary.contains("a missing key"))
      let subject = NSDictionarySubject(shape: TrialShape(threads: 1, opsPerThread: 2_000))
      for step in steps() { #expect(subject.read(step) == nil) }
    }

    @Test func mutableArrayWritesInBulkAndAtTheFrontAndIsEnumerated() {
      let info = NSMutableArraySubject.info
      let all = steps()
      let made = Set(all.map { NSMutableArraySubject.writes[$0].rawValue })
        .union(all.map { NSMutableArraySubject.reads[$0].rawValue })
      #expect(made == Set(info.calls))
      #expect(info.calls.contains("addObjects(from:)") && info.calls.contains("insert(_:at: 0)"))
      #expect(info.calls.contains { $0.contains("removeObject(at: 0)") })
      #expect(info.calls.contains { $0.contains("replaceObject(at:with:)") })
      expectWholeAlone(NSMutableArraySubject.init, all)
    }

    @Test func mutableDictionaryWritesInBulkAndIsEnumerated() {
      let info = NSMutableDictionarySubject.info
      let all = steps()
      let made = Set(all.map { NSMutableDictionarySubject.writes[$0].rawValue })
        .union(all.map { NSMutableDictionarySubject.reads[$0].rawValue })
      #expect(made == Set(info.calls))
      #expect(info.calls.contains("addEntries(from:)"))
      #expect(info.calls.contains("setObject(_:forKey:) with a String key"))
      #expect(info.calls.contains("object(forKey:) with a String key"))
      expectWholeAlone(NSMutableDictionarySubject.init, all)
    }

    @Test func mutableSetAddsInBulkByUnionRemovesAndIsCountedAndEnumerated() {
      let info = NSMutableSetSubject.info
      let all = steps()
      let made = Set(all.map { NSMutableSetSubject.writes[$0].rawValue })
        .union(all.map { NSMutableSetSubject.reads[$0].rawValue })
      #expect(made == Set(info.calls))
      for call in ["addObjects(from:)", "union(_:)", "remove(_:)", "member(_:)", "for-in"] {
        #expect(info.calls.contains { $0.contains(call) }, "nsmutableset does not call \(call)")
      }
      expectWholeAlone(NSMutableSetSubject.init, all)
    }

    @Test func countedSetCountsTwiceAddedValuesOnceRemovedAndIsEnumerated() {
      let info = NSCountedSetSubject.info
      let all = steps()
      let made = Set(all.map { NSCountedSetSubject.writes[$0].rawValue })
        .union(all.map { NSCountedSetSubject.reads[$0].rawValue })
      #expect(made == Set(info.calls))
      #expect(info.calls.contains { $0.contains("remove(_:)") })
      expectWholeAlone(NSCountedSetSubject.init, all)
    }

    @Test func everyCollectionNamesItsCallsAndWhatItLeavesOut() {
      for info in [
        SwiftArraySubject.info, SwiftDictionarySubject.info, SwiftSetSubject.info,
      ] {
        #expect(!info.calls.isEmpty && info.leavesOut != nil, "\(info.id)")
      }
    }
  }
}
