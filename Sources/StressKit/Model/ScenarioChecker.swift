/// Checks the invocations of one scenario for linearizability: each distinct outcome once.
///
/// An outcome is what decides the answer: every call's result, and for each call of the
/// parallel part how many calls of each other thread had answered before it was made
/// (Lincheck's clock). Real-time order follows from those counts alone, so an outcome seen
/// before costs one lookup. Before that, an order that fitted the same answers is tried on
/// this invocation's timing: most invocations answer alike and differ only in when. The
/// specification's tree is kept for the whole scenario.
final class ScenarioChecker<M: ModelTest> {
  /// States, calls and answers all by number: the search compares and hashes integers.
  typealias Checker = LinearizabilityChecker<Int, Int, Int>

  private struct Outcome: Hashable {
    var results: [ModelValue]
    var clocks: [UInt16]
  }

  private let lanes: [[Int]]
  /// Calls in all lanes.
  private let total: Int
  private let calls: [Scenario.Call]
  private let keyed: Bool
  private let checker: Checker
  private let specification: SequentialSpecification<M.Instance>
  private var verified: Set<Outcome> = []
  /// Answers seen with orders that fitted them, by the answers' fingerprint (not for keyed
  /// tests, checked key by key).
  private var witnesses: [UInt64: [(results: [ModelValue], orders: [[Int]])]] = [:]
  /// Each history position's lane and index in it.
  private let positions: [(lane: Int, index: Int)]
  private var refuted: Set<Outcome> = []

  /// Distinct outcomes checked (not found in the cache).
  private(set) var checks = 0
  /// Checks that ran out of time: neither a pass nor a failure.
  private(set) var unknowns = 0
  /// Time spent checking, cache lookups included.
  private(set) var nanos: UInt64 = 0

  init(_ scenario: Scenario, operations: [ModelOperation<M.Instance>]) {
    var ids: [Scenario.Call: Int] = [:]
    var calls: [Scenario.Call] = []
    lanes = scenario.lanes.map { lane in
      lane.map { call in
        if let id = ids[call] { return id }
        ids[call] = calls.count
        calls.append(call)
        return calls.count - 1
      }
    }
    self.calls = calls
    let lanes = self.lanes
    total = lanes.reduce(0) { $0 + $1.count }
    positions = lanes.indices.flatMap { lane in lanes[lane].indices.map { (lane, $0) } }
    keyed = operations.allSatisfy(\.isKeyed)
    let specification = SequentialSpecification(
      operations: operations, calls: calls, make: M.makeSpecification, state: M.state(of:))
    self.specification = specification
    checker = Checker(initial: specification.root) { specification.step($0, $1, $2) }
  }

  /// Whether invocation `invocation` of `batch` is linearizable, within `seconds`.
  func check(_ batch: ModelInvocations<M>, invocation: Int, seconds: Double) -> Checker.Verdict {
    let start = Platform.monotonicNanos()
    defer { nanos += Platform.monotonicNanos() - start }
    // Most invocations answer as an earlier one did, in another timing: an order that fitted
    // those answers fits these too if it keeps this invocation's real-time order. Looked up
    // by a fingerprint read in place, with no allocation.
    let print = fingerprint(batch, invocation)
    for entry in witnesses[print] ?? [] where answers(batch, invocation, equal: entry.results) {
      for order in entry.orders where keeps(order, batch, invocation) { return .linearizable }
    }
    // Every call's record, in history order (lane by lane).
    var records: [ModelRecord] = []
    records.reserveCapacity(total)
    for (lane, index) in positions {
      records.append(batch.record(lane: lane, invocation: invocation, index: index))
    }
    let results = records.map { $0.result ?? ModelValue(0) }
    let outcome = Outcome(results: results, clocks: clocks(batch.threads, records))
    if verified.contains(outcome) { return .linearizable }
    if refuted.contains(outcome) { return .notLinearizable(longest: 0) }
    checks += 1
    var history: [Checker.Operation] = []
    history.reserveCapacity(total)
    var position = 0
    for lane in lanes.indices {
      for id in lanes[lane] {
        let record = records[position]
        history.append(
          Checker.Operation(
            thread: lane, input: id, output: specification.number(of: results[position]),
            call: record.call,
            response: record.response))
        position += 1
      }
    }
    let deadline = Platform.monotonicNanos() + UInt64(max(0, seconds) * 1e9)
    let verdict: Checker.Verdict
    if keyed {
      verdict = checker.check(
        history, partitionedBy: { self.calls[$0].choices[0] }, deadline: deadline)
    } else {
      let found = checker.linearization(history, deadline: deadline)
      verdict = found.verdict
      if verdict == .linearizable { remember(found.order, for: results, print) }
    }
    switch verdict {
    case .linearizable: verified.insert(outcome)
    case .notLinearizable: refuted.insert(outcome)
    case .unknown: unknowns += 1
    }
    return verdict
  }

  /// Orders remembered per set of answers.
  static var remembered: Int { 4 }

  /// Keeps `order` as one that fitted `results`, whose fingerprint is `print`.
  private func remember(_ order: [Int], for results: [ModelValue], _ print: UInt64) {
    var entries = witnesses[print] ?? []
    if let i = entries.firstIndex(where: { $0.results == results }) {
      if entries[i].orders.count < Self.remembered { entries[i].orders.append(order) }
    } else {
      entries.append((results, [order]))
    }
    witnesses[print] = entries
  }

  /// A word that equal answers of invocation `invocation` share, read in place.
  private func fingerprint(_ batch: ModelInvocations<M>, _ invocation: Int) -> UInt64 {
    var print: UInt64 = 0xcbf2_9ce4_8422_2325
    for (lane, index) in positions {
      let word =
        batch.slot(lane: lane, invocation: invocation, index: index).pointee.result?
        .fingerprint ?? 0
      print = (print ^ word) &* 0x100_0000_01b3
    }
    return print
  }

  /// Whether invocation `invocation` of `batch` answered `results`, call by call.
  private func answers(_ batch: ModelInvocations<M>, _ invocation: Int, equal results: [ModelValue])
    -> Bool
  {
    for (k, (lane, index)) in positions.enumerated() {
      guard
        batch.slot(lane: lane, invocation: invocation, index: index).pointee.result == results[k]
      else { return false }
    }
    return true
  }

  /// Whether `order` keeps invocation `invocation`'s real-time order.
  private func keeps(_ order: [Int], _ batch: ModelInvocations<M>, _ invocation: Int) -> Bool {
    Self.keeps(order) { k in
      let slot = batch.slot(
        lane: positions[k].lane, invocation: invocation, index: positions[k].index)
      return (slot.pointee.call, slot.pointee.response)
    }
  }

  /// Whether `order` keeps real-time order: no call in it answered before an earlier one in it
  /// was made. `times` gives a call's call and response times by its position.
  static func keeps(_ order: [Int], _ times: (Int) -> (call: UInt64, response: UInt64)) -> Bool {
    for i in order.indices {
      let called = times(order[i]).call
      for j in (i + 1)..<order.count where times(order[j]).response < called { return false }
    }
    return true
  }

  /// For each call of the parallel part, how many calls of each other thread had answered
  /// before it was made.
  private func clocks(_ threads: Int, _ records: [ModelRecord]) -> [UInt16] {
    var clocks: [UInt16] = []
    var offsets: [Int] = []
    var offset = 0
    for lane in lanes.prefix(threads) {
      offsets.append(offset)
      offset += lane.count
    }
    for t in 0..<threads {
      for j in lanes[t].indices {
        let call = records[offsets[t] + j].call
        for u in 0..<threads where u != t {
          var answered = 0
          while answered < lanes[u].count && records[offsets[u] + answered].response < call {
            answered += 1
          }
          clocks.append(UInt16(truncatingIfNeeded: answered))
        }
      }
    }
    return clocks
  }
}
