// MARK: - End-state checks over tokens

extension Token {
  /// Checks that `tokens` holds every token the writes stored exactly once and nothing else:
  /// thread `t` wrote tokens for seq `0..<writesPerThread[t]`.
  public static func verify(_ tokens: some Sequence<Int>, writesPerThread: [Int]) -> Violations {
    var seen = writesPerThread.map { [UInt8](repeating: 0, count: $0) }
    var violations = Violations()
    for token in tokens {
      guard let (thread, seq) = decode(token), thread < seen.count, seq < seen[thread].count else {
        violations.add("value \(token) was never written")
        continue
      }
      if seen[thread][seq] == 1 {
        violations.add("write #\(seq) of thread \(thread) is present more than once")
      }
      seen[thread][seq] = min(seen[thread][seq], 254) + 1
    }
    for (thread, marks) in seen.enumerated() {
      for (seq, mark) in marks.enumerated() where mark == 0 {
        violations.add("write #\(seq) of thread \(thread) is missing")
      }
    }
    return violations
  }

  /// A token some thread of the trial may have written, drawn from `random`, for lookups.
  /// Uses bits 8 and up, so a subject may branch on the low byte independently.
  public static func probe(_ random: UInt64, shape: TrialShape) -> Int {
    let thread = Int((random >> 8) % UInt64(shape.threads))
    let range = UInt64(max(1, shape.opsPerThread ?? 4096))
    return encode(thread: thread, seq: Int((random >> 24) % range))
  }
}
