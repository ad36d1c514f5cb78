import Dispatch
import StressKitCore
import StressPlatform

// MARK: - The dispatch-apply driver, the tutorials' baseline

extension Trial {
  /// The dispatch-apply driver: `concurrentPerform` over threads x ops writes, each the write
  /// number `i / threads` of lane `i % threads`, then the end-state check.
  @inlinable
  static func applied<S: StressSubject, W: Wrapper>(
    _ spec: TrialSpec, _ kind: SubjectMaker<S>, _: W.Type,
    milestone: @escaping @Sendable (Milestone) -> Void
  ) -> TrialResult {
    let ops = spec.bound.opsPerThread ?? 0
    guard ops > 0, !kind.info.readOnly else {
      return .harnessFault("the dispatch-apply driver needs --ops and a subject with writes")
    }
    let threads = spec.threads
    let subject = kind.make(TrialShape(threads: threads, opsPerThread: ops, focus: spec.focus))
    let wrapper = W()
    milestone(.started)
    let start = Platform.monotonicNanos()
    DispatchQueue.concurrentPerform(iterations: threads * ops) { i in
      let step = Step(thread: i % threads, seq: i / threads, random: UInt64(truncatingIfNeeded: i))
      wrapper.write(subject, step)
    }
    wrapper.drain()
    let elapsed = Platform.monotonicNanos() - start
    let endState = subject.check(writesPerThread: Array(repeating: ops, count: threads))
    var result = TrialResult(
      outcome: endState.isEmpty ? .ok : .corrupt, failures: endState.count, ops: threads * ops,
      reads: 0, writes: threads * ops, seconds: Double(elapsed) / 1e9,
      detail: endState.first.map { "end state: \($0)" } ?? "")
    if !endState.isEmpty {
      result.timeToFailureMs = Double(elapsed) / 1e6
      result.finding = Finding(.endState)
    }
    return result
  }
}
