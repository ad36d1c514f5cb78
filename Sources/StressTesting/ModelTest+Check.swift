import Foundation
import StressKit
import StressReports
import Testing

extension ModelTest {
  /// Checks this model test from a Swift Testing test, as `stress run` would: seeded scenarios,
  /// each invoked many times on fresh instances, every outcome checked for linearizability.
  /// The type is called as it is, or through `wrapper` (`StandardWrappers.lock`, or a
  /// `Wrapper` of your own).
  ///
  /// It runs for `seconds`, then on, for at most 30 seconds in all, until its threads have run
  /// at once (one's first call made before another's last answered) in `overlaps` invocations:
  /// only those can show a race, and on a machine busy with other work they can be few. A pass
  /// needs them; fewer is recorded as an inconclusive issue, not passed.
  ///
  /// A failure is recorded as an issue whose comment is the shrunk failing scenario's table.
  /// An outcome whose check ran out of time is an issue too: it was never checked. Returns
  /// whether the check passed.
  ///
  /// Run checks one at a time (`@Suite(.serialized)`): a race shows only while a check's
  /// threads have the cores, and checks side by side can hide one even past the overlap floor.
  ///
  /// Call it inside an exit test, so that a crash, which is how a racing Foundation type often
  /// fails, fails only this test, with its signal:
  ///
  /// ```swift
  /// @Test func cacheIsLinearizable() async {
  ///   await #expect(processExitsWith: .success) { CacheTest.check() }
  /// }
  /// ```
  @discardableResult
  public static func check(
    threads: Int = 2, seconds: Double = 1, overlaps: Int = 1_000, seed: UInt64 = 1,
    wrapper: any Wrapper.Type = StandardWrappers.unprotected,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> Bool {
    // An existential, not a generic: `#expect`'s expansion cannot open one a caller passes.
    func open<W: Wrapper>(_: W.Type) -> Bool {
      check(
        threads: threads, seconds: seconds, overlaps: overlaps, limit: max(seconds, 30),
        seed: seed, wrapper: W.self, sourceLocation: sourceLocation)
    }
    return open(wrapper)
  }

  /// `check` with its time limit, `limit` seconds in all.
  static func check<W: Wrapper>(
    threads: Int, seconds: Double, overlaps: Int, limit: Double, seed: UInt64,
    wrapper: W.Type, sourceLocation: SourceLocation
  ) -> Bool {
    let spec = TrialSpec(
      subject: info.id, wrapper: W.info.id, threads: max(1, threads), readRatio: 0.5,
      bound: .seconds(max(0.001, seconds)), seed: seed)
    // One thread has no race to see, so no overlap to wait for.
    let power = spec.threads >= 2 ? ModelTrial<Self>.Power(overlaps: overlaps, seconds: limit) : nil
    let (result, report) = ModelTrial<Self>.run(spec, W.self, power: power, milestone: { _ in })
    let call =
      "\(Self.self).check(threads: \(spec.threads), seconds: \(seconds)"
      + (overlaps == 1_000 ? "" : ", overlaps: \(overlaps)") + ", seed: \(seed)"
      + (W.self == Unprotected.self
        ? ")" : ", wrapper: \(StandardWrappers.expression(for: W.self)))")
    let failure: String
    switch result.outcome {
    case .ok where !result.detail.isEmpty:
      // Outcomes out of time: neither passed nor failed, so the test claims no pass.
      failure = "\(info.id): \(result.detail)"
    case .ok:
      guard let power, report.overlapped < power.overlaps else { return true }
      let elapsed = Double(report.totalNanos) / 1e9
      failure =
        "\(info.id) inconclusive: its threads ran at once in only \(report.overlapped) of "
        + "\(report.invocations) invocations in \(String(format: "%.1f", elapsed)) s, and a pass "
        + "needs \(power.overlaps), as on a machine busy with other work. Run fewer checks at "
        + "once, or give this one more seconds."
    default:
      // Run again by this call, not by a command line.
      let detail = FindingText { _ in call }.detail(result)
      failure = "\(info.id) \(result.outcome.rawValue): " + (detail.isEmpty ? "no detail" : detail)
    }
    Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation)
    return false
  }
}

extension ModelTest {
  /// Checks this model test under the controlled scheduler (`ModelTest.explore`): its
  /// scenarios' interleavings chosen by `strategy` (`.pct(depth: 2)`, `.randomWalk`,
  /// `.exhaustive(preemptions:)`, or `.replay(token)` of a failure), up to `schedules`
  /// schedules of `threads` threads, seeded by `seed`. Only switches at scheduled primitives
  /// (`ScheduledLock`, `ScheduledAtomicInt`, `ScheduledQueue`, `ScheduledCondition`...), at
  /// operation starts and where an async operation's task suspends are explored, so the type
  /// must use them or await.
  ///
  /// A failure is recorded as an issue: the scenario, the interleaving step by step, and the
  /// call that replays it. Returns whether the check passed.
  @discardableResult
  public static func check(
    strategy: ScheduleStrategy, threads: Int = 2, schedules: Int = 1_000, seed: UInt64 = 1,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> Bool {
    let result = explore(strategy: strategy, threads: threads, schedules: schedules, seed: seed)
    guard !result.passed else { return true }
    let words = FindingText { token in "\(Self.self).check(strategy: .replay(\"\(token ?? "")\"))" }
    let report = result.finding.map(words.words) ?? result.report
    Issue.record(Comment(rawValue: "\(info.id) " + report), sourceLocation: sourceLocation)
    return false
  }
}
