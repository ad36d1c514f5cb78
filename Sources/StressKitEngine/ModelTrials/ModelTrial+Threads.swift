import Dispatch
import StressKitCore
import StressKitModel
import StressPlatform

extension ModelTrial {
  /// Invocations under a thread-driven wrapper: the initial parts on this thread, then one
  /// dedicated thread per parallel lane, all meeting at a checkpoint before each invocation
  /// (so they collide on each fresh instance), then the post parts on this thread.
  package static func execute<W: Wrapper>(
    _ scenario: Scenario, _ invocations: Int, _ wrapper: W, pin: Bool,
    onStart: (@Sendable () -> Void)?
  ) throws(Fault) -> (batch: ModelInvocations<M>, nanos: UInt64) {
    let batch = ModelInvocations<M>(scenario, operations: M.operations, invocations: invocations)
    let reads = batch.lanes.map { $0.map { batch.operations[$0.operation].isRead } }
    @Sendable func perform(
      _ batch: ModelInvocations<M>, _ wrapper: W, _ lane: Int, _ invocation: Int, _ index: Int
    ) {
      let step = batch.step(lane: lane, invocation: invocation, index: index)
      if reads[lane][index] { _ = wrapper.read(batch, step) } else { wrapper.write(batch, step) }
    }
    for i in 0..<invocations {
      for j in reads[batch.initialLane].indices { perform(batch, wrapper, batch.initialLane, i, j) }
    }
    wrapper.drain()
    // The lanes reach the instances through a box emptied before this returns, as a stress
    // trial's threads do (`TrialObjects`): a thread still ending then holds no instance, whose
    // last release (and the damage a race did to it) stays in this trial.
    let objects = TrialObjects((batch, wrapper))
    defer { objects.clear() }
    let threads = batch.threads
    let gate = StartGate(parties: threads)
    let checkpoint = Checkpoint(parties: threads)
    let done = DispatchGroup()
    let cpus = pin ? Platform.allowedCPUs() : []
    // Joined before the trial answers, as a stress trial's are (`Trial.measure`).
    var started: [Platform.JoinableThread] = []
    defer { started.forEach(Platform.join) }
    for t in 0..<threads {
      done.enter()
      let thread = Platform.startJoinableThread {
        if !cpus.isEmpty { _ = Platform.pinCurrentThread(toCPU: cpus[t % cpus.count]) }
        gate.arriveAndWait { onStart?() }
        if !gate.isAbandoned, let held = objects.value {
          var patience = checkpoint.patience
          for i in 0..<invocations {
            checkpoint.meet(round: i + 1, gate: gate, patience: &patience)
            for j in reads[t].indices { perform(held.0, held.1, t, i, j) }
          }
        }
        done.leave()
      }
      switch thread {
      case .success(let thread): started.append(thread)
      case .failure(let failure):
        done.leave()
        gate.abandon()
        done.wait()
        throw Fault(detail: "cannot start thread \(t + 1) of \(threads): \(failure.text)")
      }
    }
    let start = gate.waitUntilOpen()
    done.wait()
    wrapper.drain()
    let nanos = Platform.monotonicNanos() - start
    for i in 0..<invocations {
      for j in reads[batch.postLane].indices { perform(batch, wrapper, batch.postLane, i, j) }
    }
    wrapper.drain()
    batch.settle()
    return (batch, nanos)
  }
}
