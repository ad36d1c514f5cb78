import Foundation
import FoundationSubjects
import StressKit
import Testing

/// The swift-foundation styles, String(format:) and the calendars make the calls a server
/// makes, on the edges their triggers need.
extension InProcessSubjects.SubjectDomainTests {
  @Test func numberFormatStylesTakeEdgeNumbersInEveryCommonStyleAndParseBack() {
    let numbers = edges(NumberFormatStyleSubject.self)
    #expect(numbers.first == 0 && numbers.contains { $0.isNaN } && numbers.contains(-.infinity))
    let made = calls(NumberFormatStyleSubject.self)
    for call in [
      ".percent", ".currency(code:", ".notation(.scientific)", "Decimal", "Double(_:format:",
    ] {
      #expect(made.contains(call), "number-formatstyle does not call \(call)")
    }
    expectCovered(NumberFormatStyleSubject.self)
  }

  @Test func stringFormatTakesExtremesNonFiniteDoublesAndSpecifierLookingText() {
    let arguments = edges(StringFormatSubject.self).map(\.description)
    for a in ["0, 0.0, \"\"", "\(Int.min), -0.0, \"é\"", "\(Int.max), nan, \"日本語\""] {
      #expect(arguments.contains(a), "string-format lacks \(a): \(arguments)")
    }
    #expect(arguments.contains { $0.contains("%@ %d %s") })
    let made = calls(StringFormatSubject.self)
    for call in ["%2$@", "%s", "locale:", "NSString(format:", "appendingFormat"] {
      #expect(made.contains(call), "string-format does not call \(call)")
    }
    let german = StringFormatSubject.make()
    let first = StringFormatSubject.inputs.values[0]
    #expect(StringFormatSubject.format(german, .locale, first) == "0,000 0")
    expectCovered(StringFormatSubject.self)
  }

  @Test func calendarsAreCopiedConfiguredAndAskedForRangesOnDateEdges() {
    #expect(edges(NSCalendarSubject.self) == Edges.dates)
    for call in ["range(of: .day, in: .month", "date(byAdding:", "date(from:)", "startOfDay"] {
      #expect(calls(NSCalendarSubject.self).contains(call), "nscalendar does not call \(call)")
    }
    expectCovered(NSCalendarSubject.self)
    // Every zone meets every date edge, and a copy's zone never reaches the original.
    let summary = CalendarCopiesSubject.inputs.summary
    for zone in CalendarCopiesSubject.zones {
      for seconds in Edges.dates { #expect(summary.contains("\(zone) \(seconds)")) }
    }
    let shared = CalendarCopiesSubject.make()
    for input in 0..<CalendarCopiesSubject.zones.count {
      _ = CalendarCopiesSubject.format(shared, .components, input)
    }
    #expect(CalendarCopiesSubject.format(shared, .original, 1).hasPrefix("GMT "))
    expectCovered(CalendarCopiesSubject.self)
  }

  @Test func processInfoIsReadWholeWithMissingAndEmptyEnvironmentNames() {
    let names = edges(ProcessInfoSubject.self)
    #expect(
      names.contains("") && names.contains("PATH") && names.contains("STRESS_MISSING_VARIABLE"))
    let made = calls(ProcessInfoSubject.self)
    for call in [
      "environment", "arguments", "globallyUniqueString", "systemUptime", "physicalMemory",
    ] {
      #expect(made.contains(call), "processinfo does not call \(call)")
    }
    let info = ProcessInfoSubject.make()
    #expect(ProcessInfoSubject.format(info, .unique, "").hasPrefix("true true "))
    #expect(ProcessInfoSubject.format(info, .environment, "STRESS_MISSING_VARIABLE") == "nil")
    expectCovered(ProcessInfoSubject.self)
  }
}
