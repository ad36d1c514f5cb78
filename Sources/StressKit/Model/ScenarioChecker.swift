/// Checks the invocations of one scenario for linearizability: each distinct outcome once.
///
/// An outcome is what decides the answer: every call's result, and for each call of the
/// parallel part how many calls of each other thread had answered before it was made
/// (Lincheck's clock). Real-time order follows from those counts alone, so an outcome seen
/// before costs one lookup. The specification's tree is kept for the whole scenario.
final class ScenarioChecker<M: ModelTest> {
  typealias Checker = LinearizabilityChecker<Int, Int, ModelValue>

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
    total = lanes.reduce(0) { $0 + $1.count }
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
    // The key first, read straight from the batch: most outcomes are found in the cache.
    let threads = batch.threads
    var outcome = Outcome(results: [], clocks: [])
    outcome.results.reserveCapacity(total)
    for lane in lanes.indices {
      for j in lanes[lane].indices {
        outcome.results.append(
          batch.record(lane: lane, invocation: invocation, index: j).result ?? ModelValue(0))
      }
    }
    outcome.clocks.reserveCapacity(lanes.prefix(threads).reduce(0) { $0 + $1.count } * threads)
    for t in 0..<threads {
      for j in lanes[t].indices {
        let call = batch.record(lane: t, invocation: invocation, index: j).call
        for u in 0..<threads where u != t {
          var answered = 0
          while answered < lanes[u].count
            && batch.record(lane: u, invocation: invocation, index: answered).response < call
          {
            answered += 1
          }
          outcome.clocks.append(UInt16(truncatingIfNeeded: answered))
        }
      }
    }
    if verified.contains(outcome) { return .linearizable }
    if refuted.contains(outcome) { return .notLinearizable(longest: 0) }
    checks += 1
    let history = lanes.indices.flatMap { lane in
      lanes[lane].indices.map { j in
        let record = batch.record(lane: lane, invocation: invocation, index: j)
        return Checker.Operation(
          thread: lane, input: lanes[lane][j], output: record.result ?? ModelValue(0),
          call: record.call, response: record.response)
      }
    }
    let deadline = Platform.monotonicNanos() + UInt64(max(0, seconds) * 1e9)
    let verdict =
      keyed
      ? checker.check(history, partitionedBy: { self.calls[$0].arguments[0] }, deadline: deadline)
      : checker.check(history, deadline: deadline)
    switch verdict {
    case .linearizable: verified.insert(outcome)
    case .notLinearizable: refuted.insert(outcome)
    case .unknown: unknowns += 1
    }
    return verdict
  }
}
