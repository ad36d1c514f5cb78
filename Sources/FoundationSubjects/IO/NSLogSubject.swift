import Foundation
import StressKit
import Synchronization

/// `NSLog` from every thread at once, as a server logs: each write logs its token, tagged with
/// the instance, while standard error goes to a private file (`StandardErrorCapture`). The
/// Summary lists NSLog as safe, and Foundation serializes its output: every token's line must
/// come out once and whole, each thread's in its order.
package final class NSLogSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "nslog", summary: "NSLog from every thread into a captured stderr: every line whole, once",
    documented: .safe, defaultReadRatio: 0, traits: [.ordersPerThread],
    calls: [
      "NSLog(\"%@\", …) with a short token line (write)"
    ],
    leavesOut:
      "NSLogv: NSLog calls it, so every write makes it; formats with several arguments: "
      + "string-format covers the formatting; logging to a terminal: a trial cannot read back "
      + "what a terminal shows; long or multi-line messages: not covered yet"
  )

  static let prefix = "stress.nslog."
  /// One folder and capture per process, shared by the instances alive together (the
  /// burst's): each tags its lines with its own number. The folder goes with the last of them;
  /// a killed worker's is swept by a later one.
  static let directory: PrivateDirectory = {
    PrivateDirectory.sweep(prefix: prefix)
    return PrivateDirectory(prefix: prefix)
  }()
  static let capture = StandardErrorCapture(path: directory.file("stderr"))
  static let instances = Atomic<Int>(0)

  private let id = NSLogSubject.instances.add(1, ordering: .relaxed).newValue
  private let capturing: Bool

  package init(shape: TrialShape) {
    capturing = Self.capture.begin()
  }

  deinit {
    if capturing, Self.capture.end() { Self.directory.remove() }
  }

  package func write(_ step: Step) {
    NSLog("%@", "stress-log \(id) \(step.token)")
  }

  package func read(_ step: Step) -> String? { nil }

  package func check(writesPerThread: [Int]) -> Violations {
    var violations = Violations()
    guard capturing else {
      violations.add("standard error could not be captured")
      return violations
    }
    let text = String(decoding: Self.capture.captured(), as: UTF8.self)
    let tag = "stress-log \(id) "
    var tokens: [Int] = []
    for line in text.split(separator: "\n") where line.contains("stress-log ") {
      guard let range = line.range(of: tag) else { continue }
      guard let token = Int(line[range.upperBound...]) else {
        violations.add("a torn line: \(line.suffix(80))")
        continue
      }
      tokens.append(token)
    }
    violations.merge(OrderedTokens.verify(tokens, writesPerThread: writesPerThread))
    return violations
  }
}
