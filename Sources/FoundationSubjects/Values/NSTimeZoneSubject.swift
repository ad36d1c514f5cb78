import Foundation
import StressKit

/// Named `NSTimeZone`s with daylight saving time, and a fixed offset, each shared read-only as
/// a server shares the zones it converts to: every thread asks them their offset,
/// abbreviation, daylight saving state and next transition at instants around their own
/// transitions first, and must get what the zone answered alone. Named zones go through ICU's
/// rules (swift-foundation PR 1597 fixed a use-after-free there when threads shared one).
package enum NSTimeZoneSubject: SharedReadOnly {
  package enum Call: String, CaseIterable {
    case offset = "secondsFromGMT(for:)"
    case abbreviation = "abbreviation(for:)"
    case daylight = "isDaylightSavingTime(for:)"
    case daylightOffset = "daylightSavingTimeOffset(for:)"
    case transition = "nextDaylightSavingTimeTransition(after:)"
    case names = "localizedName(.standard, locale: en_US), NSTimeZone.knownTimeZoneNames.count"
  }

  /// A zone of `names` and an instant, in seconds from 1970.
  package struct Instant: Sendable, CustomStringConvertible {
    package var zone: Int
    package var seconds: Double
    package var description: String { "\(NSTimeZoneSubject.names[zone]) at \(Int(seconds))" }
  }

  package static let id = "nstimezone"
  package static let summary =
    "named NSTimeZones (and a fixed offset), shared read-only: offset, abbreviation, DST"
  package static let documented = DocumentedSafety.safe
  package static let sendable: Bool? = Sendability.of(NSTimeZone.self)
  package static let leavesOut =
    "TimeZone.current: current-settings covers it; the system zone's reset: rare in "
    + "applications"
  /// America/New_York first: its transitions are the ones PR 1597's report hit.
  package static let names = [
    "America/New_York", "Europe/London", "Australia/Lord_Howe", "Asia/Kolkata", "GMT+0530",
  ]

  /// Each named zone's first two transitions from 2024 and the second before each, then the
  /// epoch, years 1 and 9999 and 2^31 seconds in the first zone; ordinary instants in all.
  package static let inputs: InputDomain<Instant> = {
    var edges: [Instant] = []
    for (i, name) in names.enumerated() {
      guard let zone = NSTimeZone(name: name) else { continue }
      var after = Date(timeIntervalSince1970: 1_704_067_200)
      for _ in 0..<2 {
        guard let next = zone.nextDaylightSavingTimeTransition(after: after) else { break }
        let s = next.timeIntervalSince1970
        edges += [Instant(zone: i, seconds: s - 1), Instant(zone: i, seconds: s)]
        after = next
      }
    }
    edges += [0, -62_135_769_600, 253_402_300_799, 2_147_483_648].map {
      Instant(zone: 0, seconds: $0)
    }
    let ordinary = Edges.ordinaryDates.enumerated().map {
      Instant(zone: $0.offset % names.count, seconds: $0.element.rounded(.down))
    }
    return InputDomain("zones and instants", edges: edges, ordinary: ordinary)
  }()

  package static func make() -> [NSTimeZone] {
    names.map { NSTimeZone(name: $0) ?? NSTimeZone(forSecondsFromGMT: 0) }
  }

  package static func format(_ zones: [NSTimeZone], _ call: Call, _ input: Instant) -> String {
    let zone = zones[input.zone]
    let date = Date(timeIntervalSince1970: input.seconds)
    switch call {
    case .offset: return String(zone.secondsFromGMT(for: date))
    case .abbreviation: return zone.abbreviation(for: date) ?? "nil"
    case .daylight: return String(zone.isDaylightSavingTime(for: date))
    case .daylightOffset: return String(zone.daylightSavingTimeOffset(for: date))
    case .transition:
      return zone.nextDaylightSavingTimeTransition(after: date).map {
        String($0.timeIntervalSince1970)
      } ?? "none"
    case .names:
      let name = zone.localizedName(.standard, locale: Locale(identifier: "en_US")) ?? "nil"
      return "\(name) \(NSTimeZone.knownTimeZoneNames.count)"
    }
  }
}
