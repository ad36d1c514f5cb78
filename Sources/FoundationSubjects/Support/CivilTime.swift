import Foundation

/// A civil (proleptic Gregorian) date and time computed arithmetically from epoch seconds, so
/// subjects can state the expected output of a formatter or calendar without asking another
/// instance of the type under test.
struct CivilTime: Equatable, CustomStringConvertible {
  var year, month, day, hour, minute, second: Int

  /// The civil time `offset` seconds east of UTC at `epochSeconds` (Hinnant's civil_from_days).
  init(epochSeconds: Int, offset: Int = 0) {
    let local = epochSeconds + offset
    let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
    let secs = local - days * 86_400
    (hour, minute, second) = (secs / 3600, secs % 3600 / 60, secs % 60)
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    day = doy - (153 * mp + 2) / 5 + 1
    month = mp < 10 ? mp + 3 : mp - 9
    year = yoe + era * 400 + (month <= 2 ? 1 : 0)
  }

  init(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
    (self.year, self.month, self.day) = (year, month, day)
    (self.hour, self.minute, self.second) = (hour, minute, second)
  }

  /// Zero-padded to `width` digits.
  static func pad(_ value: Int, _ width: Int = 2) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }

  /// "yyyy-MM-dd", "HH:mm:ss", "HH:mm", "dd.MM.yyyy": the pieces the subjects' formats use.
  var ymd: String { "\(Self.pad(year, 4))-\(Self.pad(month))-\(Self.pad(day))" }
  var dmy: String { "\(Self.pad(day)).\(Self.pad(month)).\(Self.pad(year, 4))" }
  var hm: String { "\(Self.pad(hour)):\(Self.pad(minute))" }
  var hms: String { "\(hm):\(Self.pad(second))" }

  var description: String { "\(ymd) \(hms)" }
}
