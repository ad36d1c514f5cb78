import Foundation
import StressKitCore

/// Traps on thread 1's first write while standard error goes to a file
/// (`StandardErrorCapture`): the crash's report must reach the runner all the same.
package final class SelfTestCrashCaptured: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "selftest-crash-captured",
    summary: "self-test: traps on thread 1's first write, standard error captured",
    documented: .notListed, defaultReadRatio: 0, traits: [.hidden])

  private let capture = StandardErrorCapture(
    path: (NSTemporaryDirectory() as NSString).appendingPathComponent(
      "stress.selftest-capture.\(UUID().uuidString)"))
  private let capturing: Bool

  package init(shape: TrialShape) {
    capturing = capture.begin()
    // Its crash skips `deinit`, and the file would stay: it goes now, while descriptor 2 holds it.
    if capturing { unlink(capture.path) }
  }

  deinit {
    if capturing { capture.end() }
  }

  package func write(_ step: Step) {
    if step.thread == 1 { fatalError("selftest-crash-captured: deliberate trap") }
  }

  package func read(_ step: Step) -> String? { nil }
  package func check(writesPerThread: [Int]) -> Violations { Violations() }
}
