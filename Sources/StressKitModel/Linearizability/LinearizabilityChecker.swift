import StressPlatform

/// Whether a concurrent history could have happened one operation at a time, each taking
/// effect at some instant between its call and its response: Wing and Gong's search with
/// Lowe's memoization on (the operations linearized, the model's state), as Porcupine does.
///
/// The model is a state and a step: `step(state, input, output)` is the state after the
/// operation, or nil if a sequential run from `state` could not have answered `output`.
package struct LinearizabilityChecker<State: Hashable & Sendable, Input, Output>: Sendable {
  /// One operation of a history: its thread, what it was asked and answered, and when it was
  /// called and answered, on any clock the whole history shares.
  package struct Operation {
    package var thread: Int
    package var input: Input
    package var output: Output
    package var call: UInt64
    package var response: UInt64

    package init(thread: Int, input: Input, output: Output, call: UInt64, response: UInt64) {
      self.thread = thread
      self.input = input
      self.output = output
      self.call = call
      self.response = response
    }
  }

  /// What a check found. `unknown` is never a pass: the search ran out of time.
  package enum Verdict: Equatable {
    case linearizable
    /// No order fits; `longest` is how many operations the deepest attempt placed.
    case notLinearizable(longest: Int)
    case unknown
  }

  /// A call or a response.
  fileprivate struct Event {
    var time: UInt64
    var operation: Int
    var isCall: Bool

    static func precedes(_ a: Event, _ b: Event) -> Bool {
      a.time != b.time ? a.time < b.time : (a.isCall && !b.isCall)
    }
  }

  /// What the search has been through: the operations placed and the state they left.
  fileprivate struct Key: Hashable {
    var linearized: Bits
    var state: State

    // The common small history hashes two words, not an empty array's count as well.
    func hash(into hasher: inout Hasher) {
      hasher.combine(linearized.low)
      if !linearized.high.isEmpty { hasher.combine(linearized.high) }
      hasher.combine(state)
    }
  }

  /// A set of operations by index: the first 64 in a word of their own, so the common small
  /// history's memo keys copy without allocating.
  fileprivate struct Bits: Hashable {
    var low: UInt64 = 0
    var high: [UInt64]

    init(count: Int) { high = [UInt64](repeating: 0, count: max(0, (count - 1) / 64)) }

    mutating func insert(_ i: Int) {
      if i < 64 { low |= 1 << UInt64(i) } else { high[i / 64 - 1] |= 1 << UInt64(i % 64) }
    }

    mutating func remove(_ i: Int) {
      if i < 64 { low &= ~(1 << UInt64(i)) } else { high[i / 64 - 1] &= ~(1 << UInt64(i % 64)) }
    }
  }

  /// What a search works in, kept by a caller that checks many histories: once grown, a
  /// search allocates nothing.
  package struct Scratch {
    fileprivate var events: [Event] = []
    fileprivate var next: [Int] = []
    fileprivate var previous: [Int] = []
    fileprivate var responseOf: [Int] = []
    fileprivate var seen = Set<Key>()
    fileprivate var stack: [(event: Int, state: State)] = []

    package init() {}

    /// `history`'s events in time order (at the same instant, calls before responses:
    /// operations that touch are concurrent, not ordered), linked in a list whose sentinel is
    /// `events.count`, and where each operation's response is.
    fileprivate mutating func prepare(_ history: [Operation]) {
      let n = history.count
      events.removeAll(keepingCapacity: true)
      events.reserveCapacity(2 * n)
      for (i, op) in history.enumerated() {
        events.append(Event(time: op.call, operation: i, isCall: true))
        events.append(Event(time: max(op.call, op.response), operation: i, isCall: false))
      }
      events.sort { Event.precedes($0, $1) }
      let head = events.count
      next.removeAll(keepingCapacity: true)
      previous.removeAll(keepingCapacity: true)
      // next[e] = e + 1 and previous[e] = e - 1, the sentinel closing the ring.
      next.append(contentsOf: 1...head + 1)
      previous.append(contentsOf: -1..<head)
      previous[0] = head
      next[head] = 0
      next[head - 1] = -1
      responseOf.removeAll(keepingCapacity: true)
      responseOf.append(contentsOf: repeatElement(0, count: n))
      for (index, event) in events.enumerated() where !event.isCall {
        responseOf[event.operation] = index
      }
    }

    /// Lifts event `e` out of the list.
    @inline(__always)
    fileprivate mutating func unlink(_ e: Int) {
      next[previous[e]] = next[e]
      if next[e] >= 0 { previous[next[e]] = previous[e] }
    }

    /// Puts event `e` back where it was.
    @inline(__always)
    fileprivate mutating func relink(_ e: Int) {
      next[previous[e]] = e
      if next[e] >= 0 { previous[next[e]] = e }
    }
  }

  /// The step from which searches memoize what they have been through.
  static var memoFrom: Int { 64 }

  package let initial: State
  package let step: @Sendable (State, Input, Output) -> State?

  package init(initial: State, step: @escaping @Sendable (State, Input, Output) -> State?) {
    self.initial = initial
    self.step = step
  }

  /// Checks `history`, giving up with `unknown` once `deadline` (the monotonic clock, in
  /// nanoseconds) has passed.
  package func check(
    _ history: [Operation], deadline: UInt64? = nil, now: () -> UInt64 = Platform.monotonicNanos
  ) -> Verdict {
    linearization(history, deadline: deadline, now: now).verdict
  }

  /// Checks `history` as `check` does, and when it is linearizable also answers an order that
  /// fits: the operations' indices, in the order they take effect.
  package func linearization(
    _ history: [Operation], deadline: UInt64? = nil, now: () -> UInt64 = Platform.monotonicNanos
  ) -> (verdict: Verdict, order: [Int]) {
    var scratch = Scratch()
    return linearization(history, deadline: deadline, now: now, scratch: &scratch)
  }

  /// `linearization` in `scratch`'s storage.
  package func linearization(
    _ history: [Operation], deadline: UInt64? = nil, now: () -> UInt64 = Platform.monotonicNanos,
    scratch: inout Scratch
  ) -> (verdict: Verdict, order: [Int]) {
    let n = history.count
    guard n > 0 else { return (.linearizable, []) }
    // The scratch's storage, moved out and back so that it is uniquely held while in use.
    var work = Scratch()
    swap(&work, &scratch)
    defer { swap(&work, &scratch) }
    work.prepare(history)
    let head = work.events.count
    var linearized = Bits(count: n)
    if !work.seen.isEmpty { work.seen.removeAll(keepingCapacity: true) }
    work.stack.removeAll(keepingCapacity: true)
    var state = initial
    var entry = work.next[head]
    var longest = 0
    var steps = 0
    while work.next[head] >= 0 {
      steps &+= 1
      // The clock at the first step (a deadline already past answers at once), then every
      // 1,024 steps.
      if let deadline, steps & 1023 == 1, now() >= deadline { return (.unknown, []) }
      let event = work.events[entry]
      if event.isCall {
        if let after = step(state, history[event.operation].input, history[event.operation].output)
        {
          var marked = linearized
          marked.insert(event.operation)
          // Lowe's memo from step `memoFrom` on: a search that finds its order at once, as
          // most do, never pays for it, and a long one still prunes every state it reaches
          // twice after that.
          if steps < Self.memoFrom
            || work.seen.insert(Key(linearized: marked, state: after)).inserted
          {
            work.stack.append((entry, state))
            state = after
            linearized = marked
            longest = max(longest, work.stack.count)
            // Lift the operation out: its call and its response.
            work.unlink(entry)
            work.unlink(work.responseOf[event.operation])
            entry = work.next[head]
            continue
          }
        }
        entry = work.next[entry]
      } else {
        // A response reached before its call was placed: some earlier choice was wrong.
        guard let last = work.stack.popLast() else {
          return (.notLinearizable(longest: longest), [])
        }
        let op = work.events[last.event].operation
        state = last.state
        linearized.remove(op)
        work.relink(work.responseOf[op])
        work.relink(last.event)
        entry = work.next[last.event]
      }
    }
    return (.linearizable, work.stack.map { work.events[$0.event].operation })
  }

  /// Checks each key's operations alone, as P-compositionality allows when every operation
  /// touches one key and the model's keys are independent (a map's entries): a history is
  /// linearizable exactly when each key's part is, and the parts are far smaller to search.
  /// One part out of time makes the whole `unknown`, unless another is not linearizable; parts
  /// are checked smallest first, all within the one deadline.
  package func check<Key: Hashable>(
    _ history: [Operation], partitionedBy key: (Input) -> Key, deadline: UInt64? = nil,
    now: () -> UInt64 = Platform.monotonicNanos
  ) -> Verdict {
    var parts: [Key: [Operation]] = [:]
    var order: [Key] = []
    for op in history {
      let k = key(op.input)
      if parts[k] == nil { order.append(k) }
      parts[k, default: []].append(op)
    }
    var verdict = Verdict.linearizable
    var scratch = Scratch()
    // Smallest parts first: a small part that fails answers before a large one spends the time.
    for k in order.sorted(by: { parts[$0]!.count < parts[$1]!.count }) {
      switch linearization(parts[k]!, deadline: deadline, now: now, scratch: &scratch).verdict {
      case .linearizable: continue
      case .notLinearizable(let longest): return .notLinearizable(longest: longest)
      case .unknown: verdict = .unknown
      }
    }
    return verdict
  }
}
