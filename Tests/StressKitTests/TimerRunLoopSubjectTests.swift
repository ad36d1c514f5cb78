import Foundation
import StressKit
import Testing

@testable import FoundationSubjects

/// `timer-runloop`'s check waits for the last timers by the loop's turns, not by the clock.
extension InProcessSubjects {
  @Suite struct TimerRunLoopSubjectTests {
    func subject(writing count: Int) -> TimerRunLoopSubject {
      let subject = TimerRunLoopSubject(shape: TrialShape(threads: 1, opsPerThread: count))
      for seq in 0..<count { subject.write(Step(thread: 0, seq: seq, random: 0)) }
      return subject
    }

    @Test func everyTimerFiresAndTheCheckPasses() {
      let subject = subject(writing: 50)
      #expect(subject.check(writesPerThread: [50]).isEmpty)
      #expect(subject.lastWait == .fired)
    }

    /// Three writes the check expects were never made, as if lost: it says they are missing
    /// once the loop has turned with nothing new, not after its 2 s deadline.
    @Test func missingTimersAreCalledLostOnceTheLoopHasTurned() {
      let subject = subject(writing: 50)
      let violations = subject.check(writesPerThread: [53])
      #expect(violations.count == 3)
      #expect(violations.first == "write #50 of thread 0 is missing")
      #expect(subject.lastWait == .settled)
    }
  }
}
