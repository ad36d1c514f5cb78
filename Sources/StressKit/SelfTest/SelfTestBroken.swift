/// Its end-state check always fails, even single-threaded: a broken subject, outcome `error`.
public final class SelfTestBroken: StressSubject, @unchecked Sendable {
  public static let info = SubjectInfo(
    id: "selftest-broken", summary: "self-test: its check fails even on one thread",
    documented: .notListed, hidden: true)

  public init(shape: TrialShape) {}

  public func write(_ step: Step) {}
  public func read(_ step: Step) -> String? { nil }

  public func check(writesPerThread: [Int]) -> Violations {
    var v = Violations()
    v.add("deliberately broken check")
    return v
  }
}
