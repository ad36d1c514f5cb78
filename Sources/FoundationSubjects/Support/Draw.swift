/// Values drawn from a step's random bits. A driver may have decided read or write by the top
/// bits (the harness) or the lowest (a simple test loop); these stay uniform either way.
enum Draw {
  /// Whole epoch seconds, 1970 to 2096, from bits 8 and up.
  static func seconds(_ random: UInt64) -> Int { Int((random >> 8) % 4_000_000_000) }

  /// A non-negative integer below 10^12, from bits 8 and up.
  static func integer(_ random: UInt64) -> Int { Int((random >> 8) % 1_000_000_000_000) }

  /// One of `0..<count`, from every bit (a multiplicative hash).
  static func choice(_ random: UInt64, _ count: Int) -> Int {
    Int(((random &* 0x9E37_79B9_7F4A_7C15) >> 32) % UInt64(count))
  }
}
