import StressKitCore
import StressKitModel
import StressPlatform

/// What one operation of an invocation did: its result and when it was called and answered.
package struct ModelRecord {
  package var result: ModelValue? {
    didSet { compact = Int32(truncatingIfNeeded: result?.compactIndex ?? -1) }
  }
  /// The result's `compactIndex`, -1 if it has none: the checker reads it rather than copy
  /// the result. Set with the result, after the call's timed span.
  package private(set) var compact: Int32 = -1
  package var call: UInt64
  package var response: UInt64

  package init(result: ModelValue? = nil, call: UInt64 = 0, response: UInt64 = 0) {
    (self.result, self.call, self.response) = (result, call, response)
    compact = Int32(truncatingIfNeeded: result?.compactIndex ?? -1)
  }
}

/// A batch of invocations of one scenario, as the wrappers see it: a subject whose steps are
/// the scenario's calls. Step `seq` of lane `thread` is call `seq % count` of invocation
/// `seq / count`, on that invocation's own fresh instance. Each call's record goes to a slot
/// no other call writes, so recording shares nothing between threads.
///
/// Lanes are the parallel part's threads, then the initial part, then the post part. `package`
/// with its subject's witnesses only because `stress bench` (in the umbrella) runs model trials.
package final class ModelInvocations<M: ModelTest>: StressSubject, @unchecked Sendable {
  /// The test's own, keeping each lane's calls on one thread (no dispatch-apply driver).
  package static var info: SubjectInfo {
    var info = M.info
    info.traits.insert(.ordersPerThread)
    return info
  }

  let operations: [ModelOperation<M.Instance>]
  let lanes: [[Scenario.Call]]
  let invocations: Int
  private let instances: [M.Instance]
  private let records: [UnsafeMutablePointer<ModelRecord>]
  /// The lanes' calls end to end, lane `l`'s from `starts[l]`: each one's operation body and
  /// arguments, looked up once. A worker reads them inside the wrapper's critical section,
  /// where copying a generic operation through its value witnesses would be timed as well.
  private let bodies: [@Sendable (M.Instance, [Int]) -> ModelValue]
  /// The same calls' async bodies, nil for a synchronous operation's (`performAsync`).
  private let asyncBodies: [(@Sendable (M.Instance, [Int]) async -> ModelValue)?]
  private let choices: [[Int]]
  private let starts: [Int]
  /// Where the calls' blocks handed to a `ScheduledQueue` are counted, if a queue was made
  /// (by the instances, made first): a call is answered when its last block has run (`settle`).
  private let settlement: BlockSettlement?
  /// Whether `settle` moved a response: a lane's calls may then overlap, which the checker's
  /// shortcuts (a merge of the lanes in order, outcomes by clocks) do not account for.
  private(set) var moved = false

  init(_ scenario: Scenario, operations: [ModelOperation<M.Instance>], invocations: Int) {
    self.operations = operations
    lanes = scenario.lanes
    self.invocations = invocations
    bodies = scenario.lanes.flatMap { $0.map { operations[$0.operation].body } }
    asyncBodies = scenario.lanes.flatMap { $0.map { operations[$0.operation].asyncBody } }
    choices = scenario.lanes.flatMap { $0.map(\.choices) }
    starts = scenario.lanes.reduce(into: [0]) { $0.append($0.last! + $1.count) }
    instances = (0..<invocations).map { _ in M.make() }
    settlement = BlockSettlement.needed ? BlockSettlement() : nil
    records = lanes.map {
      let slots = UnsafeMutablePointer<ModelRecord>.allocate(
        capacity: max(1, $0.count * invocations))
      slots.initialize(repeating: ModelRecord(), count: max(1, $0.count * invocations))
      return slots
    }
  }

  /// Never used by the model runner; a batch with nothing to run.
  package convenience init(shape: TrialShape) {
    self.init(Scenario(initial: [], parallel: [], post: []), operations: [], invocations: 0)
  }

  deinit {
    for (lane, slots) in zip(lanes, records) {
      slots.deinitialize(count: max(1, lane.count * invocations))
      slots.deallocate()
    }
  }

  var initialLane: Int { lanes.count - 2 }
  var postLane: Int { lanes.count - 1 }
  var threads: Int { lanes.count - 2 }

  package func write(_ step: Step) { perform(step) }

  package func read(_ step: Step) -> String? {
    perform(step)
    return nil
  }

  package func check(writesPerThread: [Int]) -> Violations { Violations() }

  /// The step of `lane`'s `index`-th call in invocation `invocation`.
  func step(lane: Int, invocation: Int, index: Int) -> Step {
    Step(thread: lane, seq: invocation * lanes[lane].count + index, random: 0)
  }

  private func perform(_ step: Step) {
    let count = starts[step.thread + 1] - starts[step.thread]
    let invocation = step.seq / count
    let call = starts[step.thread] + step.seq - invocation * count
    let (body, arguments, instance) = (bodies[call], choices[call], instances[invocation])
    let slot = records[step.thread] + step.seq
    slot.pointee.call = Platform.monotonicNanos()
    let result =
      settlement.map { $0.run(call: step.thread << 32 | step.seq) { body(instance, arguments) } }
      ?? body(instance, arguments)
    slot.pointee.response = Platform.monotonicNanos()
    slot.pointee.result = result
  }

  /// `lane`'s `index`-th call in `invocation`, made from a task: an async operation is awaited,
  /// and answers when it returns.
  func performAsync(lane: Int, invocation: Int, index: Int) async {
    let step = step(lane: lane, invocation: invocation, index: index)
    let call = starts[lane] + index
    guard let body = asyncBodies[call] else { return perform(step) }
    let (arguments, instance) = (choices[call], instances[invocation])
    let slot = records[lane] + step.seq
    slot.pointee.call = Platform.monotonicNanos()
    let result = await body(instance, arguments)
    slot.pointee.response = Platform.monotonicNanos()
    slot.pointee.result = result
  }

  /// Waits for the blocks the calls handed to queues, and moves each such call's response to
  /// when its last block ended: what it did took effect then.
  func settle() {
    guard let ends = settlement?.settle() else { return }
    moved = !ends.isEmpty
    for (key, end) in ends {
      let (lane, seq) = (key >> 32, key & 0xFFFF_FFFF)
      let slot = records[lane] + seq
      slot.pointee.response = max(slot.pointee.response, end)
    }
  }

  /// Where the record of `lane`'s `index`-th call in `invocation` is, to read it in place.
  func slot(lane: Int, invocation: Int, index: Int) -> UnsafeMutablePointer<ModelRecord> {
    records[lane] + (invocation * lanes[lane].count + index)
  }

  /// Whether, in `invocation`, two parallel lanes ran at once: one's first call was made
  /// before the other's last had answered. Only such invocations can show a race (in the others
  /// the threads ran one after the other), and on a busy machine they can be few. Under a
  /// wrapper that serializes calls, this is the threads taking turns within the invocation.
  func overlapped(invocation: Int) -> Bool {
    func span(_ lane: Int) -> (from: UInt64, to: UInt64) {
      let last = lanes[lane].count - 1
      // A lane ends with its latest answer: its last call's, unless blocks an earlier call
      // handed to a queue ended later (`settle`).
      var end: UInt64 = 0
      for index in 0...last {
        end = max(end, slot(lane: lane, invocation: invocation, index: index).pointee.response)
      }
      return (slot(lane: lane, invocation: invocation, index: 0).pointee.call, end)
    }
    for a in 0..<threads where !lanes[a].isEmpty {
      let one = span(a)
      for b in (a + 1)..<threads where !lanes[b].isEmpty {
        let other = span(b)
        if one.from < other.to && other.from < one.to { return true }
      }
    }
    return false
  }

  /// The record of `lane`'s `index`-th call in `invocation`.
  func record(lane: Int, invocation: Int, index: Int) -> ModelRecord {
    records[lane][invocation * lanes[lane].count + index]
  }
}
