import Foundation
import StressKit

/// The first use of `Locale.current`, `TimeZone.current` and `Calendar.current` (and their
/// `autoupdatingCurrent`), made by every thread at once, as a server's handlers make it on
/// their first requests. Each is built lazily and cached once a process, so each trial runs in
/// a fresh worker (`freshProcess`) and its threads are the first to ask there (the runner skips
/// the single-threaded pass once a trial passed, and the harness's own code asks for none of
/// them). Upstream knows no such race on Linux today; the caches were reworked in
/// swift-foundation 884 (6.1), and a first use is where a lazy cache's race would live.
///
/// What is right is what the process answers alone: each thread keeps what it saw for each
/// (call, date), a second look that differs is wrong at once, and the end check asks each
/// again, alone, once every thread is done.
package final class CurrentSettingsSubject: StressSubject, @unchecked Sendable {
  package enum Call: String, CaseIterable {
    case locale = "Locale.current.identifier"
    case autoLocale = "Locale.autoupdatingCurrent.identifier"
    case separator = "Locale.current.decimalSeparator, groupingSeparator"
    case zone = "TimeZone.current.identifier"
    case autoZone = "TimeZone.autoupdatingCurrent.identifier"
    case offset = "TimeZone.current.secondsFromGMT(for:), isDaylightSavingTime(for:)"
    case calendar = "Calendar.current.identifier, firstWeekday"
    case autoCalendar = "Calendar.autoupdatingCurrent.identifier"
    case components = "Calendar.current.dateComponents([.year, .month, .day, .hour], from:)"
    case formatted = "Date.formatted(date: .numeric, time: .standard) (the current locale)"
  }

  package static let dates = InputDomain(
    "seconds from 1970", edges: Edges.dates, ordinary: Edges.ordinaryDates)

  package static let info = SubjectInfo(
    id: "current-settings",
    summary: "Locale, TimeZone and Calendar .current, first used by every thread at once",
    documented: .notListed, sendable: Sendability.of(Locale.self),
    traits: [.readOnly, .freshProcess], calls: Call.allCases.map(\.rawValue),
    inputs: [dates.summary], edges: dates.edges,
    leavesOut:
      "setenv of TZ or LANG while it runs: environment-setenv covers setenv against "
      + "readers; setting NSTimeZone.default or a UserDefaults locale while it runs: rare "
      + "in applications (set once, at startup); locales named explicitly: "
      + "numberformatter and number-formatstyle cover them; NSLocale.current's class-side "
      + "cache: Linux has none (NSLocale.current returns Locale.current)")

  private static let choice = InputDomain("calls", edges: [], ordinary: Call.allCases)
  private static let calls = Call.allCases
  private let focus: Focus?
  private let threads: Int
  /// What each thread saw, by (call, date index): its own slot, so recording races on nothing.
  private let seen: UnsafeMutablePointer<[Int: String]>

  package init(shape: TrialShape) {
    focus = shape.focus
    threads = shape.threads
    seen = .allocate(capacity: threads)
    seen.initialize(repeating: [:], count: threads)
  }

  deinit {
    seen.deinitialize(count: threads)
    seen.deallocate()
  }

  package static func answer(_ call: Call, _ seconds: Double) -> String {
    let date = Date(timeIntervalSince1970: seconds)
    switch call {
    case .locale: return Locale.current.identifier
    case .autoLocale: return Locale.autoupdatingCurrent.identifier
    case .separator:
      return "\(Locale.current.decimalSeparator ?? "-") \(Locale.current.groupingSeparator ?? "-")"
    case .zone: return TimeZone.current.identifier
    case .autoZone: return TimeZone.autoupdatingCurrent.identifier
    case .offset:
      let zone = TimeZone.current
      return "\(zone.secondsFromGMT(for: date)) \(zone.isDaylightSavingTime(for: date))"
    case .calendar:
      let calendar = Calendar.current
      return "\(calendar.identifier) \(calendar.firstWeekday)"
    case .autoCalendar: return "\(Calendar.autoupdatingCurrent.identifier)"
    case .components:
      let c = Calendar.current.dateComponents([.year, .month, .day, .hour], from: date)
      return "\(c.year ?? 0)-\(c.month ?? 0)-\(c.day ?? 0) \(c.hour ?? 0)"
    case .formatted: return date.formatted(date: .numeric, time: .standard)
    }
  }

  package func read(_ step: Step) -> String? {
    let call = Focus.call(focus, of: Call.self, else: Self.choice[step])
    let index = Self.dates.index(for: step, focus: focus)
    let value = Self.answer(call, Self.dates.values[index])
    let key = Self.key(call, index)
    if let first = seen[step.thread][key] {
      return first == value ? nil : "\(call.rawValue) was '\(first)', then '\(value)'"
    }
    seen[step.thread][key] = value
    return nil
  }

  /// Every value a thread saw is what the process answers alone, now that the threads are done.
  package func check(writesPerThread: [Int]) -> Violations {
    var violations = Violations()
    for thread in 0..<threads {
      for (key, value) in seen[thread] {
        let call = Self.calls[key / Self.stride]
        let alone = Self.answer(call, Self.dates.values[key % Self.stride])
        if value != alone {
          violations.add("thread \(thread + 1): \(call.rawValue) was '\(value)', alone '\(alone)'")
        }
      }
    }
    return violations
  }

  private static let stride = 1 << 16
  private static func key(_ call: Call, _ index: Int) -> Int {
    (calls.firstIndex(of: call) ?? 0) * stride + index
  }
}
