import Foundation

/// The fixed zones the subjects switch between: UTC and GMT+5:30 (a half-hour offset, so an
/// hour-only bug shows).
enum Zones {
  static let istOffset = 19_800
  static let utc = TimeZone(secondsFromGMT: 0)!
  static let ist = TimeZone(secondsFromGMT: istOffset)!
  static let all = [utc, ist]
  static let offsets = [0, istOffset]
}
