import Testing

@testable import StressKit

/// The checker on classic histories, each small enough to reason about by hand.
@Suite struct LinearizabilityCheckerTests {
  /// A register: write(v) answers nothing (0), read answers the value.
  enum RegisterOp {
    case write(Int)
    case read
  }
  typealias Register = LinearizabilityChecker<Int, RegisterOp, Int>

  static let register = Register(initial: 0) { state, input, output in
    switch input {
    case .write(let v): return v
    case .read: return output == state ? state : nil
    }
  }

  static func op(
    _ thread: Int, _ input: RegisterOp, _ output: Int, _ call: UInt64, _ response: UInt64
  )
    -> Register.Operation
  {
    Register.Operation(thread: thread, input: input, output: output, call: call, response: response)
  }

  @Test func aSequentialHistoryThatFollowsTheModelIsLinearizable() {
    let history = [Self.op(0, .write(1), 0, 0, 1), Self.op(0, .read, 1, 2, 3)]
    #expect(Self.register.check(history) == .linearizable)
  }

  @Test func overlappingOperationsMayTakeEffectInEitherOrder() {
    // The read overlaps the write: it may see the old value or the new one.
    for seen in [0, 1] {
      let history = [Self.op(0, .write(1), 0, 0, 10), Self.op(1, .read, seen, 5, 6)]
      #expect(Self.register.check(history) == .linearizable, "read \(seen)")
    }
  }

  @Test func aReadAfterTheWriteEndedMustSeeIt() {
    // Real-time order: the write answered before the read was called.
    let history = [Self.op(0, .write(1), 0, 0, 1), Self.op(1, .read, 0, 2, 3)]
    #expect(Self.register.check(history) == .notLinearizable(longest: 1))
  }

  @Test func twoReadsCannotSeeTheWriteAndThenUnseeIt() {
    // Both reads overlap the write, but the second starts after the first ended: once one
    // has seen 1, a later one cannot see 0.
    let history = [
      Self.op(0, .write(1), 0, 0, 100), Self.op(1, .read, 1, 10, 20), Self.op(2, .read, 0, 30, 40),
    ]
    #expect(Self.register.check(history) == .notLinearizable(longest: 2))
  }

  /// A counter whose increment answers the new count.
  typealias Counter = LinearizabilityChecker<Int, Void, Int>
  static let counter = Counter(initial: 0) { state, _, output in
    output == state + 1 ? state + 1 : nil
  }

  @Test func aLostUpdateIsNotLinearizable() {
    // Two overlapping increments that both answer 1: no order gives that.
    let lost = [
      Counter.Operation(thread: 0, input: (), output: 1, call: 0, response: 10),
      Counter.Operation(thread: 1, input: (), output: 1, call: 5, response: 15),
    ]
    #expect(Self.counter.check(lost) == .notLinearizable(longest: 1))
    // Answering 2 and 1 fits: the second took effect first.
    let fine = [
      Counter.Operation(thread: 0, input: (), output: 2, call: 0, response: 10),
      Counter.Operation(thread: 1, input: (), output: 1, call: 5, response: 15),
    ]
    #expect(Self.counter.check(fine) == .linearizable)
  }

  @Test func aLongHistoryRunsOutOfTimeAsUnknownNeverAPass() {
    // 1,000 writes all at once and a read of a value none wrote: every order must be tried
    // before "no", so the deadline comes first.
    var history = (0..<1_000).map { Self.op($0, .write($0 + 1), 0, 0, 100) }
    history.append(Self.op(1_000, .read, -1, 0, 100))
    var clock: UInt64 = 0
    let verdict = Self.register.check(history, deadline: 100_000) {
      clock += 1_000
      return clock
    }
    #expect(verdict == .unknown)
  }

  @Test func anEmptyHistoryIsLinearizable() {
    #expect(Self.register.check([]) == .linearizable)
  }

  /// Every order of `history` that keeps real-time order, tried one by one.
  static func bruteForce(_ history: [Register.Operation]) -> Bool {
    func search(_ left: [Int], _ state: Int) -> Bool {
      if left.isEmpty { return true }
      for i in left {
        // i may go next only if nothing left ended before it was called.
        guard !left.contains(where: { history[$0].response < history[i].call }) else { continue }
        let op = history[i]
        if let after = Self.register.step(state, op.input, op.output),
          search(left.filter { $0 != i }, after)
        {
          return true
        }
      }
      return false
    }
    return search(Array(history.indices), 0)
  }

  @Test func agreesWithTryingEveryOrderOnRandomHistories() {
    var random = SplitMix64(seed: 42)
    var (yes, no) = (0, 0)
    // One scratch for every search, as a scenario's checker keeps one: nothing of a search may
    // leak into the next. The last 300 have 8 operations, whose failing searches run longest.
    var scratch = Register.Scratch()
    for round in 0..<2_300 {
      let count = round < 2_000 ? Int.random(in: 1...6, using: &random) : 8
      let history = (0..<count).map { i -> Register.Operation in
        let call = UInt64.random(in: 0..<20, using: &random)
        let response = call + UInt64.random(in: 0..<10, using: &random)
        let input: RegisterOp =
          Bool.random(using: &random) ? .write(Int.random(in: 1...2, using: &random)) : .read
        let output = Int.random(in: 0...2, using: &random)
        return Self.op(i % 3, input, output, call, response)
      }
      let expected = Self.bruteForce(history)
      let verdict = Self.register.check(history)
      let reused = Self.register.linearization(history, scratch: &scratch).verdict
      #expect(
        (verdict == .linearizable) == expected && reused == verdict,
        "\(history.map { ($0.input, $0.output, $0.call, $0.response) })")
      if expected { yes += 1 } else { no += 1 }
    }
    // Both answers were put to the test.
    #expect(yes > 200 && no > 200, "\(yes) linearizable, \(no) not")
  }

  /// A map of registers: each operation touches one key; the model's state is one value, as
  /// each key's part is checked alone.
  enum MapOp: Hashable {
    case put(key: Int, value: Int)
    case get(key: Int)
    var key: Int {
      switch self {
      case .put(let key, _), .get(let key): key
      }
    }
  }
  static let map = LinearizabilityChecker<Int, MapOp, Int>(initial: 0) { state, input, output in
    switch input {
    case .put(_, let value): return value
    case .get: return output == state ? state : nil
    }
  }
  typealias MapOperation = LinearizabilityChecker<Int, MapOp, Int>.Operation

  @Test func keysAreCheckedApartWhenOperationsArePartitioned() {
    let history = [
      MapOperation(thread: 0, input: .put(key: 0, value: 5), output: 0, call: 0, response: 1),
      MapOperation(thread: 1, input: .put(key: 1, value: 7), output: 0, call: 0, response: 1),
      MapOperation(thread: 0, input: .get(key: 0), output: 5, call: 2, response: 3),
      MapOperation(thread: 1, input: .get(key: 1), output: 7, call: 2, response: 3),
    ]
    // As one register the two keys' histories contradict each other; apart, each holds.
    #expect(Self.map.check(history) != .linearizable)
    #expect(Self.map.check(history, partitionedBy: \.key) == .linearizable)
    // A stale read on key 1 is still found.
    var stale = history
    stale[3].output = 0
    #expect(Self.map.check(stale, partitionedBy: \.key) == .notLinearizable(longest: 1))
  }

  @Test func aPartOutOfTimeMakesTheWholeUnknownUnlessAnotherFails() {
    // Key 0: 300 overlapping puts and a get of a value none put (the search cannot finish).
    var history = (0..<300).map {
      MapOperation(
        thread: $0, input: .put(key: 0, value: $0 + 1), output: 0, call: 0, response: 100)
    }
    history.append(
      MapOperation(thread: 300, input: .get(key: 0), output: -1, call: 0, response: 100))
    var clock: UInt64 = 0
    let tick = {
      clock += 1_000
      return clock
    }
    #expect(Self.map.check(history, partitionedBy: \.key, deadline: 50_000, now: tick) == .unknown)
    // With key 1 not linearizable, the answer is no.
    history += [
      MapOperation(thread: 0, input: .put(key: 1, value: 3), output: 0, call: 200, response: 201),
      MapOperation(thread: 1, input: .get(key: 1), output: 0, call: 202, response: 203),
    ]
    clock = 0
    #expect(
      Self.map.check(history, partitionedBy: \.key, deadline: 50_000, now: tick)
        == .notLinearizable(longest: 1))
  }
}
