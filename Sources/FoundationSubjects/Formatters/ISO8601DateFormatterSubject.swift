import Foundation
import StressKit

/// Shared `ISO8601DateFormatter`s, as a server shares them for timestamps: the defaults
/// (internet date-time, GMT), with fractional seconds, and a full date alone, each shared
/// read-only by every thread from its first call (`SharedReadOnlySubject`). Its lazily made CF
/// formatter garbled output (swift-corelibs-foundation 4566) and freed a pointer twice (5533).
package enum ISO8601DateFormatterSubject: SharedReadOnly {
  package enum Call: String, CaseIterable {
    case internet = "string(from:) (.withInternetDateTime)"
    case internetParse = "date(from:) (.withInternetDateTime)"
    case fractional = "string(from:) (.withInternetDateTime, .withFractionalSeconds)"
    case fractionalParse = "date(from:) (.withInternetDateTime, .withFractionalSeconds)"
    case fullDate = "string(from:) (.withFullDate)"
    case fullDateParse = "date(from:) (.withFullDate)"
    case classMethod = "ISO8601DateFormatter.string(from:timeZone:formatOptions:)"
    case zoned = "string(from:) (.withInternetDateTime, timeZone America/New_York)"
    case zonedParse = "date(from:) (.withInternetDateTime, timeZone America/New_York)"
  }

  package static let id = "iso8601dateformatter"
  package static let summary =
    "ISO8601DateFormatters shared read-only (3 option sets): string(from:), date(from:)"
  package static let sendable: Bool? = Sendability.of(ISO8601DateFormatter.self)
  package static let leavesOut =
    "changing formatOptions while shared: iso8601dateformatter-mutating covers it; "
    + "changing timeZone while shared: its setter drops the cached formatter as "
    + "formatOptions's does (swift-corelibs-foundation 4566)"
  package static let inputs = InputDomain(
    "seconds from 1970", edges: Edges.dates, ordinary: Edges.ordinaryDates)

  package static func make() -> [ISO8601DateFormatter] {
    let options: [ISO8601DateFormatter.Options] = [
      .withInternetDateTime, [.withInternetDateTime, .withFractionalSeconds], .withFullDate,
    ]
    var formatters = options.map { options in
      let formatter = ISO8601DateFormatter()
      formatter.formatOptions = options
      return formatter
    }
    let zoned = ISO8601DateFormatter()
    zoned.timeZone = TimeZone(identifier: "America/New_York")
    formatters.append(zoned)
    return formatters
  }

  package static func format(
    _ formatters: [ISO8601DateFormatter], _ call: Call, _ seconds: Double
  ) -> String {
    let date = Date(timeIntervalSince1970: seconds)
    func parsed(_ formatter: ISO8601DateFormatter) -> String {
      formatter.date(from: formatter.string(from: date)).map { "\($0.timeIntervalSince1970)" }
        ?? "nil"
    }
    switch call {
    case .internet: return formatters[0].string(from: date)
    case .internetParse: return parsed(formatters[0])
    case .fractional: return formatters[1].string(from: date)
    case .fractionalParse: return parsed(formatters[1])
    case .fullDate: return formatters[2].string(from: date)
    case .fullDateParse: return parsed(formatters[2])
    case .zoned: return formatters[3].string(from: date)
    case .zonedParse: return parsed(formatters[3])
    case .classMethod:
      return ISO8601DateFormatter.string(
        from: date, timeZone: Zones.utc, formatOptions: .withInternetDateTime)
    }
  }
}
