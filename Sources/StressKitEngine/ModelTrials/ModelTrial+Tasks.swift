import Dispatch
import StressKitCore
import StressKitModel
import StressPlatform
import Synchronization

extension ModelTrial {
  /// Invocations under a task-driven wrapper (an actor): each invocation's lanes are child
  /// tasks of one group, started together and awaited together. Tasks cannot wait at a
  /// spinning checkpoint (the pool has a thread per core), so the group is their release.
  static func execute<A: AsyncWrapper>(
    _ scenario: Scenario, _ invocations: Int, _ wrapper: A, onStart: (@Sendable () -> Void)?
  ) throws(Fault) -> (batch: ModelInvocations<M>, nanos: UInt64) {
    let batch = ModelInvocations<M>(scenario, operations: M.operations, invocations: invocations)
    let reads = batch.lanes.map { $0.map { batch.operations[$0.operation].isRead } }
    @Sendable func perform(_ lane: Int, _ invocation: Int, _ index: Int) async {
      let step = batch.step(lane: lane, invocation: invocation, index: index)
      if reads[lane][index] {
        _ = await wrapper.read(batch, step)
      } else {
        await wrapper.write(batch, step)
      }
    }
    let nanos = ElapsedNanos()
    let finished = DispatchSemaphore(value: 0)
    let threads = batch.threads
    let launch: @Sendable () -> Void = {
      Task {
        for i in 0..<invocations {
          for j in reads[batch.initialLane].indices { await perform(batch.initialLane, i, j) }
        }
        onStart?()
        let start = Platform.monotonicNanos()
        for i in 0..<invocations {
          await withTaskGroup(of: Void.self) { group in
            for t in 0..<threads {
              group.addTask { for j in reads[t].indices { await perform(t, i, j) } }
            }
          }
        }
        nanos.value.store(Platform.monotonicNanos() - start, ordering: .relaxed)
        for i in 0..<invocations {
          for j in reads[batch.postLane].indices { await perform(batch.postLane, i, j) }
        }
        finished.signal()
      }
    }
    // As the tasks driver does: in a worker the task is created on a thread of its own.
    if let failure = Platform.startThread(launch) {
      throw Fault(detail: "cannot start a thread for the tasks: \(failure)")
    }
    finished.wait()
    batch.settle()
    return (batch, nanos.value.load(ordering: .relaxed))
  }
}

/// The parallel parts' time, handed from the tasks to the waiting thread.
final class ElapsedNanos: Sendable {
  let value = Atomic<UInt64>(0)
}
