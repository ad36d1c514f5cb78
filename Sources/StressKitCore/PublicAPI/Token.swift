/// Values that writes store and reads validate.
///
/// A token packs the writing thread and its write number with a check byte, so a read that
/// returns garbage (torn, freed or foreign memory) is told apart from a value some write stored.
public enum Token {
  /// The value a write of `thread`'s `seq`-th operation stores, unique in a trial.
  @inlinable
  public static func encode(thread: Int, seq: Int) -> Int {
    let seq = seq & 0xFFFF_FFFF
    return ((thread &+ 1) << 40) | (seq << 8) | check(thread: thread, seq: seq)
  }

  /// The (thread, seq) a token was made from, or nil if it is not a well-formed token.
  @inlinable
  public static func decode(_ token: Int) -> (thread: Int, seq: Int)? {
    guard token > 0 else { return nil }
    let thread = (token >> 40) - 1
    let seq = (token >> 8) & 0xFFFF_FFFF
    guard thread >= 0, thread < 1 << 16, token & 0xFF == check(thread: thread, seq: seq) else {
      return nil
    }
    return (thread, seq)
  }

  @inlinable
  static func check(thread: Int, seq: Int) -> Int {
    var h = UInt64(truncatingIfNeeded: thread &* 0x9E37_79B9 ^ seq)
    h = (h ^ (h >> 29)) &* 0xBF58_476D_1CE4_E5B9
    return Int(truncatingIfNeeded: (h >> 32) & 0xFF)
  }
}
