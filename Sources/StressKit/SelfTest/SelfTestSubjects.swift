import Dispatch

/// Subjects that misbehave on purpose, so the harness's own tests can see a crash, a hang, a
/// corrupt result and a broken subject without relying on luck. Hidden from `stress list`.
public enum SelfTestSubjects {
  public static let all: [any StressSubject.Type] = [
    SelfTestCrash.self, SelfTestHang.self, SelfTestCorrupt.self, SelfTestBroken.self,
  ]
}

/// Traps (a Swift runtime error) on thread 1's first write: needs two threads, so the
/// single-threaded sanity pass succeeds and the crash is a finding.
public final class SelfTestCrash: StressSubject, @unchecked Sendable {
  public static let info = SubjectInfo(
    id: "selftest-crash", summary: "self-test: traps on thread 1's first write",
    documented: .notListed, defaultReadRatio: 0, hidden: true)

  public init(shape: TrialShape) {}

  public func write(_ step: Step) {
    if step.thread == 1 { fatalError("selftest-crash: deliberate trap") }
  }

  public func read(_ step: Step) -> String? { nil }
  public func check(writesPerThread: [Int]) -> Violations { Violations() }
}

/// Blocks forever on thread 1's first write: the trial must end as a hang.
public final class SelfTestHang: StressSubject, @unchecked Sendable {
  public static let info = SubjectInfo(
    id: "selftest-hang", summary: "self-test: blocks forever on thread 1's first write",
    documented: .notListed, defaultReadRatio: 0, hidden: true)

  private let never = DispatchSemaphore(value: 0)

  public init(shape: TrialShape) {}

  public func write(_ step: Step) {
    if step.thread == 1 { never.wait() }
  }

  public func read(_ step: Step) -> String? { nil }
  public func check(writesPerThread: [Int]) -> Violations { Violations() }
}

/// Every read by thread 1 reports a violation: corrupt whenever two threads read.
public final class SelfTestCorrupt: StressSubject, @unchecked Sendable {
  public static let info = SubjectInfo(
    id: "selftest-corrupt", summary: "self-test: thread 1's reads always fail",
    documented: .notListed, defaultReadRatio: 1, readOnly: true, hidden: true)

  public init(shape: TrialShape) {}

  public func read(_ step: Step) -> String? {
    step.thread == 1 ? "deliberate violation #\(step.seq)" : nil
  }

  public func check(writesPerThread: [Int]) -> Violations { Violations() }
}

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
