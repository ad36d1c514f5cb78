/// Subjects that misbehave on purpose, so the harness's own tests can see a crash, a hang, a
/// corrupt result and a broken subject without relying on luck. Hidden from `stress list`.
public enum SelfTestSubjects {
  public static let all: [any StressSubject.Type] = [
    SelfTestCrash.self, SelfTestHang.self, SelfTestCorrupt.self, SelfTestBroken.self,
    SelfTestCrashAlone.self, SelfTestPoison.self,
  ]
}
