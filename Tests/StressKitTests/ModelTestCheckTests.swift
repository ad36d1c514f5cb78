import Testing

@testable import StressKit
@testable import StressTesting

/// `ModelTest.check()`, the Swift Testing entry point: a pass, a race recorded as an issue
/// with its table, and the outcomes that are not a pass (unknown, a broken test), each with a
/// self-test whose behaviour is fixed.
@Suite struct ModelTestCheckTests {
  @Test func aCorrectTypePassesInsideAnExitTest() async {
    // It asks for fewer invocations whose threads ran at once than the default 1,000: the
    // exit test's child shares 2 cores with the rest of the suite, and a clean-clone CI run saw
    // only 98 in its 30 seconds. What it checks is the pass, not the machine's power.
    await #expect(processExitsWith: .success) {
      #expect(SelfTestModelCounterFixed.check(seconds: 0.2, overlaps: 20))
    }
  }

  @Test func aRaceIsAnIssueCarryingTheShrunkTableAndItsReplay() {
    // It fails exactly when two threads increment, however they are scheduled.
    withKnownIssue {
      #expect(!SelfTestModelPerThread.check(seconds: 2, seed: 5))
    } matching: { issue in
      issue.comments.contains { comment in
        let text = comment.rawValue
        return text.hasPrefix("selftest-model-per-thread corrupt: not linearizable: ")
          && text.contains("| parallel |")
          && text.contains(
            "replay: SelfTestModelPerThread.check(threads: 2, seconds: 2.0, seed: 5)")
      }
    }
    // A standard wrapper is chosen by value, as a package outside this one chooses it, and
    // the replay names it so.
    withKnownIssue {
      #expect(!SelfTestModelPerThread.check(seconds: 2, seed: 5, wrapper: StandardWrappers.lock))
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.contains(
          "replay: SelfTestModelPerThread.check(threads: 2, seconds: 2.0, seed: 5, "
            + "wrapper: StandardWrappers.lock)")
      }
    }
  }

  @Test func theRaceIsRecordedInTheExitTestsParent() async {
    await withKnownIssue {
      await #expect(processExitsWith: .success) {
        SelfTestModelPerThread.check(seconds: 2)
      }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("not linearizable: ") }
    }
  }

  @Test func aPassNeedsThreadsThatRanAtOnceAndOneThreadNeedsNone() {
    // No run has its threads run at once in a billion invocations in half a second:
    // inconclusive, not a pass.
    withKnownIssue {
      #expect(
        !SelfTestModelCounterFixed.check(
          threads: 2, seconds: 0.1, overlaps: 1_000_000_000, limit: 0.5, seed: 1,
          wrapper: LockWrapper.self, sourceLocation: #_sourceLocation))
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.hasPrefix(
          "selftest-model-counter-fixed inconclusive: its threads ran at once in only ")
          && $0.rawValue.contains("a pass needs 1000000000")
      }
    }
    // One thread has no race to see, and passes with no overlap at all.
    #expect(SelfTestModelCounterFixed.check(threads: 1, seconds: 0.05))
  }

  @Test func outcomesOutOfTimeAreNotAPass() {
    withKnownIssue {
      #expect(!SelfTestModelNoTime.check(seconds: 0.2))
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("unknown") }
    }
  }

  /// A type on a plain `Atomic` (a lost update the scheduler cannot see): `explore()` is
  /// inconclusive, never passed, and `check(strategy:)` records it as an issue.
  @Test func aBlindExplorationIsInconclusiveNotAPass() {
    let result = SelfTestModelCounter.explore(strategy: .pct(depth: 2), schedules: 30)
    #expect(result.verdict == .blind && !result.passed, "\(result.report)")
    #expect(
      result.report.hasPrefix(
        "inconclusive: the operations reached no scheduled primitive in 30 schedules; the "
          + "scheduler could switch only between whole operations"), "\(result.report)")
    // A type on the scheduled stand-ins is not blind, pass or fail.
    #expect(SelfTestScheduledAtomic.explore(schedules: 30).verdict == .passed)
    withKnownIssue {
      #expect(!SelfTestModelCounter.check(strategy: .randomWalk, schedules: 20))
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.hasPrefix("selftest-model-counter inconclusive: the operations reached no")
      }
    }
  }

  @Test func aTypeThatFailsOnOneThreadIsABrokenTest() {
    withKnownIssue {
      #expect(!SelfTestModelBroken.check(seconds: 0.2, wrapper: LockWrapper.self))
    } matching: { issue in
      issue.comments.contains { $0.rawValue.hasPrefix("selftest-model-broken error: ") }
    }
  }
}
