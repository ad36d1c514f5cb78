import Foundation
import StressKit

/// Shared `DateFormatter`s, configured once as a server configures them (RFC 3339 with
/// milliseconds and HTTP dates, POSIX, UTC; a medium style for people in en_US and UTC, a long
/// one in de_DE and Europe/Berlin, whose daylight saving the dates cross), each shared read-only
/// by every thread from its first call (`SharedReadOnlySubject`): both directions, format and
/// parse.
package enum DateFormatterSubject: SharedReadOnly {
  package enum Call: String, CaseIterable {
    case rfc3339 = "string(from:) (yyyy-MM-dd'T'HH:mm:ss.SSSXXXXX)"
    case rfc3339Parse = "date(from:) (yyyy-MM-dd'T'HH:mm:ss.SSSXXXXX)"
    case http = "string(from:) (EEE, dd MMM yyyy HH:mm:ss zzz)"
    case httpParse = "date(from:) (EEE, dd MMM yyyy HH:mm:ss zzz)"
    case medium = "string(from:) (dateStyle .medium, timeStyle .short, en_US)"
    case mediumParse = "date(from:) (dateStyle .medium, timeStyle .short, en_US)"
    case localized = "DateFormatter.localizedString(from:dateStyle:timeStyle:)"
    case berlin = "string(from:) (dateStyle .long, timeStyle .medium, de_DE, Europe/Berlin)"
    case berlinParse = "date(from:) (dateStyle .long, timeStyle .medium, de_DE, Europe/Berlin)"
  }

  package static let id = "dateformatter"
  package static let summary =
    "DateFormatters shared read-only (RFC 3339, HTTP date, medium style): string(from:), date(from:)"
  package static let documented = DocumentedSafety.unsafe
  package static let reference: String? =
    "DateFormatter reference: thread safe on iOS 7 and later, and on macOS 10.9 and later "
    + "in a 64-bit app"
  package static let sendable: Bool? = Sendability.of(DateFormatter.self)
  package static let leavesOut =
    "changing a shared formatter's configuration: dateformatter-mutating covers it; "
    + "locales and zones beyond these three: they take the same ICU path with other data"
  package static let inputs = InputDomain(
    "seconds from 1970", edges: Edges.dates, ordinary: Edges.ordinaryDates)

  package static func make() -> [DateFormatter] {
    let formats = ["yyyy-MM-dd'T'HH:mm:ss.SSSXXXXX", "EEE, dd MMM yyyy HH:mm:ss zzz"]
    var formatters = formats.map { format in
      let formatter = DateFormatter()
      formatter.locale = Locale(identifier: "en_US_POSIX")
      formatter.timeZone = Zones.utc
      formatter.dateFormat = format
      return formatter
    }
    let medium = DateFormatter()
    medium.locale = Locale(identifier: "en_US")
    medium.timeZone = Zones.utc
    medium.dateStyle = .medium
    medium.timeStyle = .short
    formatters.append(medium)
    let berlin = DateFormatter()
    berlin.locale = Locale(identifier: "de_DE")
    berlin.timeZone = TimeZone(identifier: "Europe/Berlin") ?? Zones.utc
    berlin.dateStyle = .long
    berlin.timeStyle = .medium
    formatters.append(berlin)
    return formatters
  }

  package static func format(_ formatters: [DateFormatter], _ call: Call, _ seconds: Double)
    -> String
  {
    let date = Date(timeIntervalSince1970: seconds)
    func parsed(_ formatter: DateFormatter) -> String {
      formatter.date(from: formatter.string(from: date)).map { "\($0.timeIntervalSince1970)" }
        ?? "nil"
    }
    switch call {
    case .rfc3339: return formatters[0].string(from: date)
    case .rfc3339Parse: return parsed(formatters[0])
    case .http: return formatters[1].string(from: date)
    case .httpParse: return parsed(formatters[1])
    case .medium: return formatters[2].string(from: date)
    case .mediumParse: return parsed(formatters[2])
    case .localized:
      return DateFormatter.localizedString(from: date, dateStyle: .short, timeStyle: .short)
    case .berlin: return formatters[3].string(from: date)
    case .berlinParse: return parsed(formatters[3])
    }
  }
}
