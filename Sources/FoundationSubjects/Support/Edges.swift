import StressKit

/// The edge and special values of common input types, shared by the subjects that take them,
/// each list led by the value most often special-cased (zero).
enum Edges {
  /// Zero, signed zero, signs, tiny and huge magnitudes, NaN and both infinities.
  static let doubles: [Double] = [
    0, -0.0, 1, -1, 0.5, 1e-9, 1e15, -1e15, .greatestFiniteMagnitude, .leastNonzeroMagnitude,
    .nan, .infinity, -.infinity,
  ]

  /// Zero, one byte either way, the unit boundaries of both styles (1000 and 1024) and the
  /// extremes.
  static let byteCounts: [Int64] = [0, 1, -1, 999, 1_000, 1_023, 1_024, 1_048_576, .max, .min]

  /// Magnitudes a server formats, spread over twelve orders.
  static func ordinaryDoubles(_ scale: Double) -> [Double] {
    (1...240).map { Double($0) * scale * (Double($0 % 7) + 1) }
  }

  /// Byte counts from a byte to a few gigabytes.
  static let ordinaryByteCounts: [Int64] = (1...246).map { Int64($0) * 987_654_321 / 7 }
}
