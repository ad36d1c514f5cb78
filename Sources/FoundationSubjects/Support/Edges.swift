import StressKit

/// The edge and special values of common input types, shared by the subjects that take them,
/// each list led by the value most often special-cased (zero).
package enum Edges {
  /// Zero, signed zero, signs, tiny and huge magnitudes, NaN and both infinities.
  package static let doubles: [Double] = [
    0, -0.0, 1, -1, 0.5, 1e-9, 1e15, -1e15, .greatestFiniteMagnitude, .leastNonzeroMagnitude,
    .nan, .infinity, -.infinity,
  ]

  /// Zero, one byte either way, the unit boundaries of both styles (1000 and 1024) and the
  /// extremes.
  package static let byteCounts: [Int64] = [
    0, 1, -1, 999, 1_000, 1_023, 1_024, 1_048_576, .max, .min,
  ]

  /// Instants, in seconds from 1970: the epoch and a second either side, a half second, the
  /// distant past and future, the first and last second of years 1 and 9999, two leap days,
  /// both sides of 2^31 seconds (2038), 1900, and the last second of a year.
  package static let dates: [Double] = [
    0, -1, 1, 0.5, -62_135_769_600, 64_092_211_200, 253_402_300_799, -2_208_988_800, 951_782_400,
    1_709_164_800, 2_147_483_647, 2_147_483_648, 1_703_980_799,
  ]

  /// Instants from 1970 to 2096, some with fractions of a second.
  package static let ordinaryDates: [Double] = (1...243).map { (i: Int) -> Double in
    let whole = Double(i * 16_461_317 % 4_000_000_000)
    return whole + Double(i % 4) * 0.25
  }

  /// Magnitudes a server formats, spread over twelve orders.
  package static func ordinaryDoubles(_ scale: Double) -> [Double] {
    (1...240).map { (i: Int) -> Double in Double(i) * scale * Double(i % 7 + 1) }
  }

  /// Byte counts from a byte to a few gigabytes.
  package static let ordinaryByteCounts: [Int64] = (1...246).map { Int64($0) * 987_654_321 / 7 }
}
