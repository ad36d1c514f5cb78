import Foundation

/// The read the fixed-configuration date formatters share: format a date, compare with the
/// arithmetic expectation, parse it back, and require the same date.
enum RoundTrip {
  /// nil if `format` prints `expected(civil)` for `seconds` and `parse` reads it back to the
  /// same instant; otherwise what went wrong.
  static func problem(
    seconds: Int, expected: (CivilTime) -> String, format: (Date) -> String,
    parse: (String) -> Date?
  ) -> String? {
    let date = Date(timeIntervalSince1970: TimeInterval(seconds))
    let wanted = expected(CivilTime(epochSeconds: seconds))
    let text = format(date)
    guard text == wanted else { return "formatted \(seconds) as \(text), expected \(wanted)" }
    guard let parsed = parse(text) else { return "could not parse \(text)" }
    return parsed == date ? nil : "parsed \(text) as \(parsed.timeIntervalSince1970)"
  }
}
