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
    return try execute(batch, onStart: onStart) { lane, invocation, index in
      let step = batch.step(lane: lane, invocation: invocation, index: index)
      if reads[lane][index] {
        _ = await wrapper.read(batch, step)
      } else {
        await wrapper.write(batch, step)
      }
    }
  }

  /// Invocations of an async model test, bare: each lane's calls made by a task, the async
  /// ones awaited, the tasks on a thread per lane (`LaneExecutor`).
  package static func executeAsync(
    _ scenario: Scenario, _ invocations: Int, onStart: (@Sendable () -> Void)?
  ) throws(Fault) -> (batch: ModelInvocations<M>, nanos: UInt64) {
    let batch = ModelInvocations<M>(scenario, operations: M.operations, invocations: invocations)
    let (started, failure) = LaneExecutor.start(threads: max(1, batch.threads))
    guard let executor = started else {
      throw Fault(detail: "cannot start a thread for the tasks: \(failure ?? "")")
    }
    defer { executor.end() }
    return try execute(batch, on: executor, onStart: onStart) {
      await batch.performAsync(lane: $0, invocation: $1, index: $2)
    }
  }

  /// `batch`'s invocations, each call made by `perform(lane, invocation, index)` from a task:
  /// the initial parts, then each invocation's lanes as child tasks of one group, then the
  /// post parts.
  private static func execute(
    _ batch: ModelInvocations<M>, on executor: LaneExecutor? = nil,
    onStart: (@Sendable () -> Void)?,
    perform: @escaping @Sendable (Int, Int, Int) async -> Void
  ) throws(Fault) -> (batch: ModelInvocations<M>, nanos: UInt64) {
    let nanos = ElapsedNanos()
    let finished = DispatchSemaphore(value: 0)
    let (threads, invocations) = (batch.threads, batch.invocations)
    let lanes = batch.lanes.map(\.indices)
    let launch: @Sendable () -> Void = {
      Task(executorPreference: executor) {
        for i in 0..<invocations {
          for j in lanes[batch.initialLane] { await perform(batch.initialLane, i, j) }
        }
        onStart?()
        let start = Platform.monotonicNanos()
        for i in 0..<invocations {
          await withTaskGroup(of: Void.self) { group in
            for t in 0..<threads {
              group.addTask { for j in lanes[t] { await perform(t, i, j) } }
            }
          }
        }
        nanos.value.store(Platform.monotonicNanos() - start, ordering: .relaxed)
        for i in 0..<invocations {
          for j in lanes[batch.postLane] { await perform(batch.postLane, i, j) }
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
