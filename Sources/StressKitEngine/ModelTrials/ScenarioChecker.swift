import StressKitCore
import StressKitModel
import StressPlatform

/// Checks the invocations of one scenario for linearizability: each distinct outcome once.
///
/// Most invocations took effect in the order their calls answered, so that order is tried
/// first: one walk down the specification's tree, read in place. Where it does not fit, an
/// order that a search found for the same answers is tried on this invocation's timing, then
/// the outcome itself is looked up: every call's result, and for each call of the parallel
/// part how many calls of each other thread had answered before it was made (Lincheck's
/// clock), from which real-time order follows. Only a new outcome is searched. The
/// specification's tree is kept for the whole scenario, or the whole trial where it is shared
/// (`SharedSpecification`).
///
/// One thread uses a checker, so its state skips dynamic exclusivity checks, a runtime call
/// on every access otherwise.
final class ScenarioChecker<M: ModelTest> {
  /// States, calls and answers all by number: the search compares and hashes integers.
  typealias Checker = LinearizabilityChecker<Int, Int, Int>

  /// An outcome checked: its answers, its clocks, and what the check found.
  private struct Outcome {
    var results: [ModelValue]
    var clocks: [UInt16]
    var linearizable: Bool
  }

  private let lanes: [[Int]]
  /// Calls in all lanes.
  private let total: Int
  private let calls: [Scenario.Call]
  private let keyed: Bool
  private let checker: Checker
  private let specification: SequentialSpecification
  /// Outcomes checked, by a fingerprint of their answers and clocks.
  @exclusivity(unchecked) private var outcomes: [UInt64: [Outcome]] = [:]
  /// Answers seen with orders that fitted them, by the answers' fingerprint (not for keyed
  /// tests, checked key by key).
  @exclusivity(unchecked) private var witnesses:
    [UInt64: [(results: [ModelValue], orders: [[Int]])]] = [:]
  /// Each history position's lane and index in it.
  private let positions: [(lane: Int, index: Int)]
  /// The lanes' calls end to end, lane `l`'s from `flat[l]` to `flat[l + 1]`.
  private let ids: [Int]
  private let flat: [Int]
  /// The lanes not yet done in an answered-order walk: each one's next record in the
  /// invocation at hand, its response, and where its call and the lane's last are in `ids`.
  /// Kept to reuse its storage.
  @exclusivity(unchecked) private var cursors:
    [(record: UnsafeMutablePointer<ModelRecord>, response: UInt64, next: Int, end: Int)] = []
  /// The clocks of the invocation at hand, kept to reuse its storage.
  @exclusivity(unchecked) private var clocks: [UInt16] = []
  /// The searches' storage and history, reused.
  @exclusivity(unchecked) private var scratch = Checker.Scratch()
  @exclusivity(unchecked) private var history: [Checker.Operation] = []

  /// Distinct outcomes checked: not explained by the order their calls answered in, nor by
  /// an order or an outcome found before.
  private(set) var checks = 0
  /// Checks that ran out of time: neither a pass nor a failure.
  private(set) var unknowns = 0

  /// A checker for `scenario`, over `shared`'s specification if given (its calls numbered
  /// as there), else over one of its own.
  init(
    _ scenario: Scenario, operations: [ModelOperation<M.Instance>],
    shared: SharedSpecification? = nil
  ) {
    // A call outside the shared numbering (a scenario not drawn from the domains) gets a
    // specification of its own.
    let shared = shared.flatMap { s in
      scenario.lanes.joined().allSatisfy { s.numbers[$0] != nil } ? s : nil
    }
    var numbered = shared?.numbers ?? [:]
    var calls = shared?.calls ?? []
    lanes = scenario.lanes.map { lane in
      lane.map { call in
        if let id = numbered[call] { return id }
        numbered[call] = calls.count
        calls.append(call)
        return calls.count - 1
      }
    }
    self.calls = calls
    let lanes = self.lanes
    total = lanes.reduce(0) { $0 + $1.count }
    ids = lanes.flatMap { $0 }
    flat = lanes.reduce(into: [0]) { $0.append($0.last! + $1.count) }
    positions = lanes.indices.flatMap { lane in lanes[lane].indices.map { (lane, $0) } }
    keyed = operations.allSatisfy(\.isKeyed)
    let specification =
      shared?.specification
      ?? SequentialSpecification(
        operations: operations, calls: calls, make: M.makeSpecification, state: M.state(of:))
    self.specification = specification
    checker = Checker(initial: specification.root) { specification.step($0, $1, $2) }
  }

  /// Whether invocation `invocation` of `batch` is linearizable, within `seconds`.
  func check(_ batch: ModelInvocations<M>, invocation: Int, seconds: Double) -> Checker.Verdict {
    // Most invocations took effect in the order their calls answered: one walk down the
    // specification's tree, read in place, answers them with no lookup at all. Like a search,
    // it answers nothing when the check has no time.
    if seconds > 0, !batch.moved, walksInAnsweredOrder(batch, invocation) {
      return .linearizable
    }
    // Answers seen before in another timing: an order that fitted them fits these too if it
    // keeps this invocation's real-time order. Looked up by a fingerprint read in place.
    let print = fingerprint(batch, invocation)
    for entry in witnesses[print] ?? [] where answers(batch, invocation, equal: entry.results) {
      for order in entry.orders where keeps(order, batch, invocation) { return .linearizable }
    }
    // Then the outcome itself, answers and clocks, also compared in place.
    fillClocks(batch, invocation)
    var key = print
    for clock in clocks { key = (key ^ UInt64(clock)) &* 0x100_0000_01b3 }
    for outcome in batch.moved ? [] : outcomes[key] ?? []
    where outcome.clocks == clocks && answers(batch, invocation, equal: outcome.results) {
      return outcome.linearizable ? .linearizable : .notLinearizable(longest: 0)
    }
    checks += 1
    var results: [ModelValue] = []
    history.removeAll(keepingCapacity: true)
    results.reserveCapacity(total)
    for lane in lanes.indices {
      for (index, id) in lanes[lane].enumerated() {
        let record = batch.slot(lane: lane, invocation: invocation, index: index).pointee
        let result = record.result ?? ModelValue(0)
        results.append(result)
        history.append(
          Checker.Operation(
            thread: lane, input: id, output: specification.number(of: result),
            call: record.call, response: record.response))
      }
    }
    let deadline = Platform.monotonicNanos() + UInt64(max(0, seconds) * 1e9)
    let verdict: Checker.Verdict
    if keyed {
      verdict = checker.check(
        history, partitionedBy: { self.calls[$0].choices[0] }, deadline: deadline)
    } else {
      let found = checker.linearization(history, deadline: deadline, scratch: &scratch)
      verdict = found.verdict
      if verdict == .linearizable { remember(found.order, for: results, print) }
    }
    switch verdict {
    case .linearizable, .notLinearizable:
      guard !batch.moved else { break }
      outcomes[key, default: []].append(
        Outcome(results: results, clocks: clocks, linearizable: verdict == .linearizable))
    case .unknown: unknowns += 1
    }
    return verdict
  }

  /// Whether a sequential run of invocation `invocation`'s calls, in the order they answered,
  /// answers as they did. Under a lock most calls take effect in that order, and it keeps
  /// real-time order by construction: a call that answered before another was made answered
  /// first. Each lane answered in its own order, so the order is a merge of the lanes, walked
  /// as it is made: equal times keep the lanes' order.
  private func walksInAnsweredOrder(_ batch: ModelInvocations<M>, _ invocation: Int) -> Bool {
    // Each lane's records, next call and its response, found once: the merge compares them
    // at every step, and reads a record only to advance its lane.
    cursors.removeAll(keepingCapacity: true)
    for lane in lanes.indices where !lanes[lane].isEmpty {
      let record = batch.slot(lane: lane, invocation: invocation, index: 0)
      cursors.append((record, record.pointee.response, flat[lane], flat[lane + 1]))
    }
    // In place: a checked array would test its buffer's uniqueness at every step.
    return cursors.withUnsafeMutableBufferPointer { cursors in
      var live = cursors.count
      var node = specification.root
      while live > 0 {
        var pick = 0
        for c in 1..<live where cursors[c].response < cursors[pick].response { pick = c }
        let cursor = cursors[pick]
        let compact = Int(cursor.record.pointee.compact)
        let answer =
          compact >= 0
          ? compact : specification.number(of: cursor.record.pointee.result ?? ModelValue(0))
        guard let after = specification.step(node, ids[cursor.next], answer) else { return false }
        node = after
        if cursor.next + 1 < cursor.end {
          cursors[pick].record += 1
          cursors[pick].response = cursors[pick].record.pointee.response
          cursors[pick].next += 1
        } else {
          // The lanes keep their order: equal times go to the first.
          live -= 1
          for c in pick..<live { cursors[c] = cursors[c + 1] }
        }
      }
      return true
    }
  }

  /// Orders remembered per set of answers.
  static var remembered: Int { 4 }

  /// Keeps `order` as one that fitted `results`, whose fingerprint is `print`: in place.
  private func remember(_ order: [Int], for results: [ModelValue], _ print: UInt64) {
    if let i = witnesses[print]?.firstIndex(where: { $0.results == results }) {
      if witnesses[print]![i].orders.count < Self.remembered {
        witnesses[print]![i].orders.append(order)
      }
    } else {
      witnesses[print, default: []].append((results, [order]))
    }
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
  /// was made. `times` gives a call's call and response times by its position. One pass: each
  /// call must answer no earlier than the latest call made before it in the order.
  static func keeps(_ order: [Int], _ times: (Int) -> (call: UInt64, response: UInt64)) -> Bool {
    var latest: UInt64 = 0
    for k in order {
      let (call, response) = times(k)
      if response < latest { return false }
      latest = max(latest, call)
    }
    return true
  }

  /// For each call of the parallel part, how many calls of each other thread had answered
  /// before it was made: into `clocks`, whose storage is reused. A thread's calls are made in
  /// order, so each count only grows along its lane: one pass over each pair of lanes.
  private func fillClocks(_ batch: ModelInvocations<M>, _ invocation: Int) {
    clocks.removeAll(keepingCapacity: true)
    let threads = batch.threads
    for t in 0..<threads {
      let start = clocks.count
      clocks.append(contentsOf: repeatElement(0, count: lanes[t].count * (threads - 1)))
      var column = 0
      for u in 0..<threads where u != t {
        var answered = 0
        for j in lanes[t].indices {
          let call = batch.slot(lane: t, invocation: invocation, index: j).pointee.call
          while answered < lanes[u].count
            && batch.slot(lane: u, invocation: invocation, index: answered).pointee.response < call
          {
            answered += 1
          }
          clocks[start + j * (threads - 1) + column] = UInt16(truncatingIfNeeded: answered)
        }
        column += 1
      }
    }
  }
}
