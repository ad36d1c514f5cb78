import StressKit
import Testing

extension ModelTest {
  /// Checks this model test from a Swift Testing test, as `stress run` would: seeded scenarios
  /// for `seconds`, each invoked many times on fresh instances, every outcome checked for
  /// linearizability. The type is called as it is, or through `wrapper`.
  ///
  /// A failure is recorded as an issue whose comment is the shrunk failing scenario's table.
  /// An outcome whose check ran out of time is an issue too: it was never checked. Returns
  /// whether the check passed.
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
  public static func check<W: Wrapper>(
    threads: Int = 2, seconds: Double = 1, seed: UInt64 = 1, wrapper: W.Type = Unprotected.self,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> Bool {
    let spec = TrialSpec(
      subject: info.id, wrapper: W.info.id, threads: max(1, threads), readRatio: 0.5,
      bound: .seconds(max(0.001, seconds)), seed: seed)
    let result = ModelTrial<Self>.run(spec, W.self, milestone: { _ in })
    let call =
      "\(Self.self).check(threads: \(spec.threads), seconds: \(seconds), seed: \(seed)"
      + (W.self == Unprotected.self ? ")" : ", wrapper: \(W.self).self)")
    var failure: String?
    switch result.outcome {
    case .ok where result.detail.isEmpty: return true
    case .ok:
      // Outcomes out of time: neither passed nor failed, so the test claims no pass.
      failure = "\(info.id): \(result.detail)"
    default:
      let detail = result.detail.isEmpty ? "no detail" : result.detail
      let lines = detail.split(separator: "\n", omittingEmptySubsequences: false).map {
        $0.hasPrefix("replay: ") ? "replay: \(call)" : String($0)
      }
      failure = "\(info.id) \(result.outcome.rawValue): " + lines.joined(separator: "\n")
    }
    Issue.record(Comment(rawValue: failure ?? ""), sourceLocation: sourceLocation)
    return false
  }
}
