import Foundation
import FoundationSubjects
import StressKit
import Testing

/// Each subject family's domain holds its type's edge values, and its calls are the ones it
/// names: a table's check is watched making every call it names on every edge value.
extension InProcessSubjects {
  @Suite struct SubjectDomainTests {
    /// The calls and inputs one trial of `Spec` makes over `steps` steps of 2 threads, each
    /// checked against the reference (so a wrong output fails here too).
    func reached<Spec: SharedReadOnly>(_ spec: Spec.Type, steps: Int = 4_000) -> (
      calls: Set<String>, inputs: Set<Int>
    ) where Spec.Input: CustomStringConvertible {
      let table = SequentialTable<Spec.Call, Spec.Input>(
        Spec.inputs, key: Spec.self, reference: Spec.make, Spec.format)
      let formatter = Spec.make()
      let spelled = Spec.inputs.values.map(\.description)
      var calls = Set<String>()
      var inputs = Set<Int>()
      var random = SplitMixForTests(seed: 3)
      for seq in 0..<steps {
        for thread in 0..<2 {
          let problem = table.check(Step(thread: thread, seq: seq, random: random.next())) {
            call, input in
            calls.insert(call.rawValue)
            if let i = spelled.firstIndex(of: input.description) { inputs.insert(i) }
            return Spec.format(formatter, call, input)
          }
          #expect(problem == nil, "\(Spec.id): \(problem ?? "")")
        }
      }
      return (calls, inputs)
    }

    func expectCovered<Spec: SharedReadOnly>(_ spec: Spec.Type)
    where Spec.Input: CustomStringConvertible {
      let info = SharedReadOnlySubject<Spec>.info
      let (calls, inputs) = reached(spec)
      #expect(Set(info.calls) == calls, "\(info.id) names \(info.calls), made \(calls)")
      #expect(info.calls.count == Spec.Call.allCases.count)
      #expect(
        Set(0..<Spec.inputs.edgeCount).isSubset(of: inputs), "\(info.id): an edge never drawn")
      #expect(info.inputs == [Spec.inputs.summary] && info.leavesOut != nil)
    }

    @Test func measurementFormattersTakeZeroSignsNaNInfinitiesAndExtremes() {
      for edges in [
        LengthFormatterSubject.inputs, MassFormatterSubject.inputs, EnergyFormatterSubject.inputs,
      ].map({ Array($0.values[..<$0.edgeCount]) }) {
        #expect(edges.first == 0 && edges.contains(-1) && edges.contains { $0.isNaN })
        #expect(edges.contains(.infinity) && edges.contains(-.infinity))
        #expect(edges.contains(.greatestFiniteMagnitude) && edges.contains(.leastNonzeroMagnitude))
      }
      expectCovered(LengthFormatterSubject.self)
      expectCovered(MassFormatterSubject.self)
      expectCovered(EnergyFormatterSubject.self)
    }

    @Test func byteCountsStartAtZeroTheTriggerOfSwiftFoundation1818() {
      for domain in [ByteCountFormatStyleSubject.inputs, ByteCountFormatterSubject.inputs] {
        let edges = Array(domain.values[..<domain.edgeCount])
        #expect(edges.first == 0)
        for value: Int64 in [-1, 1, 1_000, 1_024, .max, .min] { #expect(edges.contains(value)) }
      }
      expectCovered(ByteCountFormatStyleSubject.self)
      expectCovered(ByteCountFormatterSubject.self)
      // Every style a server uses, each spelling zero out.
      let calls = SharedReadOnlySubject<ByteCountFormatStyleSubject>.info.calls
      for style in [".file", ".memory", ".decimal", ".binary"] {
        #expect(calls.contains("formatted(.byteCount(style: \(style)))"))
      }
    }

    @Test func intervalsIncludeEmptyAndDistantOnes() {
      let edges = DateIntervalFormatterSubject.inputs.values.prefix(
        DateIntervalFormatterSubject.inputs.edgeCount)
      #expect(edges.contains { $0.description == "0 + 0 s" })
      #expect(edges.contains { $0.description.hasPrefix("-62135596800") })
      #expect(edges.contains { $0.description.hasPrefix("253402214400") })
      expectCovered(DateIntervalFormatterSubject.self)
    }

    @Test func dateFormattersTakeTheEpochLeapDaysDistantDatesAndBothDirections() {
      let edges = Array(Edges.dates)
      for seconds: Double in [
        0, -1, 0.5, -62_135_769_600, 64_092_211_200, 951_782_400, 2_147_483_648,
      ] {
        #expect(edges.contains(seconds))
      }
      for domain in [
        DateFormatterSubject.inputs, ISO8601DateFormatterSubject.inputs,
        DateFormatStyleSubject.inputs,
      ] {
        #expect(Array(domain.values[..<domain.edgeCount]) == edges)
      }
      expectCovered(DateFormatterSubject.self)
      expectCovered(ISO8601DateFormatterSubject.self)
      expectCovered(DateFormatStyleSubject.self)
      // Parse as well as format, and more than one configuration each.
      for calls in [
        SharedReadOnlySubject<DateFormatterSubject>.info.calls,
        SharedReadOnlySubject<ISO8601DateFormatterSubject>.info.calls,
      ] {
        #expect(calls.filter { $0.hasPrefix("date(from:)") }.count >= 3)
        #expect(calls.filter { $0.hasPrefix("string(from:)") }.count >= 3)
      }
    }

    @Test func numberFormattersTakeEdgeNumbersInEveryCommonStyleAndParseBack() {
      let edges = NumberFormatterSubject.inputs.values.prefix(
        NumberFormatterSubject.inputs.edgeCount)
      #expect(edges.first == 0 && edges.contains { $0.isNaN } && edges.contains(-.infinity))
      expectCovered(NumberFormatterSubject.self)
      let calls = SharedReadOnlySubject<NumberFormatterSubject>.info.calls.joined()
      for style in [
        ".decimal", ".currency", ".percent", ".scientific", ".spellOut", "number(from:)",
      ] {
        #expect(calls.contains(style))
      }
    }
  }
}

extension InProcessSubjects.SubjectDomainTests {
  @Test func timeZonesAreNamedOnesAskedAroundTheirOwnTransitions() {
    let zones = NSTimeZoneSubject.make()
    #expect(zones.map(\.name) == NSTimeZoneSubject.names.map { NSTimeZone(name: $0)?.name ?? "" })
    let edges = NSTimeZoneSubject.inputs.values.prefix(NSTimeZoneSubject.inputs.edgeCount)
    // Both sides of New York's two transitions of 2024, and of the other zones with DST.
    for zone in 0..<3 {
      let around = edges.filter { $0.zone == zone }.map(\.seconds)
      #expect(around.count >= 4, "\(NSTimeZoneSubject.names[zone])")
      for s in around where around.contains(s + 1) {
        #expect(
          zones[zone].secondsFromGMT(for: Date(timeIntervalSince1970: s))
            != zones[zone].secondsFromGMT(for: Date(timeIntervalSince1970: s + 1)))
      }
    }
    expectCovered(NSTimeZoneSubject.self)
  }
}

/// SplitMix64, for steps' random bits.
struct SplitMixForTests {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
