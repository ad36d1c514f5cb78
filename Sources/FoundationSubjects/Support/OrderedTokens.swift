import StressKit

/// The end check of a channel that serializes its writers (a pipe, a log): every token that
/// came through, in the order it came, must be every write once, and each thread's in order.
enum OrderedTokens {
  static func verify(_ tokens: [Int], writesPerThread: [Int]) -> Violations {
    var violations = Violations()
    var next = [Int](repeating: 0, count: writesPerThread.count)
    for token in tokens {
      guard let (thread, seq) = Token.decode(token), thread < next.count else { continue }
      if seq < next[thread] {
        violations.add("write #\(seq) of thread \(thread) came after a later one")
      }
      next[thread] = max(next[thread], seq + 1)
    }
    violations.merge(Token.verify(tokens, writesPerThread: writesPerThread))
    return violations
  }
}
