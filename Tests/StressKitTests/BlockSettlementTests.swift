import Dispatch
import Foundation
import StressPlatform
import Synchronization
import Testing

@testable import StressKit
@testable import StressKitEngine
@testable import StressKitModel

/// Under stress, on real queues: a call's blocks are counted until they end, and the checker
/// reads the call as answered then.
@Suite struct SettledBlocksTests {
  @Test func underStressACallThatHandsWorkToAQueueAnswersWhenItsBlocksHaveRun() {
    for seed: UInt64 in 1...3 {
      let spec = TrialSpec(
        subject: "test-queued-counter", wrapper: "unprotected", threads: 2, readRatio: 0.5,
        bound: .ops(2_000), seed: seed)
      let trial = ModelTrial<QueuedCounterModel>.run(
        spec, Unprotected.self, power: nil, milestone: { _ in })
      #expect(trial.result.outcome == .ok, "seed \(seed): \(trial.result)")
    }
  }

  @Test func aSettlementWaitsForNestedBlocksAndTimesEachCall() {
    let settlement = BlockSettlement()
    let queue = ScheduledQueue(label: "settle")
    let other = ScheduledQueue(label: "other")
    let ran = Atomic<Int>(0)
    let before = Platform.monotonicNanos()
    settlement.run(call: 7) {
      queue.async {
        Thread.sleep(forTimeInterval: 0.01)
        other.async { ran.add(1, ordering: .relaxed) }
      }
    }
    settlement.run(call: 8) {}
    let ends = settlement.settle()
    #expect(ran.load(ordering: .relaxed) == 1, "the nested block ran before settle returned")
    #expect(ends.keys.sorted() == [7], "\(ends)")
    #expect((ends[7] ?? 0) >= before + 10_000_000)
    // Outside any settlement, a block is the queue's alone.
    let done = DispatchSemaphore(value: 0)
    queue.async { done.signal() }
    done.wait()
  }
}
/// A value set later on a serial queue, on a five-minute timer, and read there.
final class LateValue: @unchecked Sendable {
  private let queue = ScheduledQueue(label: "late")
  private let value = Shared(0, name: "value")

  func set(_ x: Int) {
    queue.asyncAfter(deadline: .now() + 300) { [self] in value.write(x) }
  }
  var current: Int { queue.sync { value.read() } }
}

enum LateValueModel: ModelTest {
  static let info = SubjectInfo(id: "test-late-value", summary: "", documented: .notListed)
  static func make() -> LateValue { LateValue() }
  static let operations: [ModelOperation<LateValue>] = [
    .write("set", [1, 2]) { $0.set($1) },
    .read("current") { $0.current },
  ]
  static let scenarios = ScenarioOptions(operationsPerThread: 2)
}

@Suite struct VirtualTimersTests {
  @Test func timersInTheExplorersOwnPartsAndTheSpecificationTakeNoRealTime() {
    // The initial and post parts, the one-thread check and the specification run on real
    // queues: their five-minute timers fire at once, on virtual time, as the threads' do.
    let started = Date()
    let result = LateValueModel.explore(schedules: 200)
    #expect(result.passed, "\(result.report)")
    #expect(Date().timeIntervalSince(started) < 120, "a timer waited for its deadline")
  }
}
