import StressKitCore

/// Its end-state check always fails, even single-threaded: a broken subject, outcome `error`.
package final class SelfTestBroken: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "selftest-broken", summary: "self-test: its check fails even on one thread",
    documented: .notListed, traits: [.hidden])

  package init(shape: TrialShape) {}

  package func write(_ step: Step) {}
  package func read(_ step: Step) -> String? { nil }

  package func check(writesPerThread: [Int]) -> Violations {
    var v = Violations()
    v.add("deliberately broken check")
    return v
  }
}
