/// One operation of one thread, as handed to a subject.
public struct Step: Sendable {
  /// The index of the thread performing the operation, `0..<threads`.
  public var thread: Int
  /// How many operations of the same kind (read or write) this thread did before this one.
  /// Writes use it to produce values unique across the trial (see `Token`).
  public var seq: Int
  /// Seeded random bits for choosing keys or indices.
  public var random: UInt64

  /// A step of `thread`, its `seq`-th operation, with its seeded random bits.
  @inlinable
  public init(thread: Int, seq: Int, random: UInt64) {
    self.thread = thread
    self.seq = seq
    self.random = random
  }

  /// The token this step writes: unique to (thread, seq).
  @inlinable
  public var token: Int { Token.encode(thread: thread, seq: seq) }
}
