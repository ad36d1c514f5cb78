import Foundation
import StressKit
import Synchronization

/// `NSLog` from every thread at once, as a server logs: each write logs its token, tagged with
/// the instance, while standard error goes to a private file (`StandardErrorCapture`). The
/// Summary lists NSLog as safe, and Foundation serializes its output: every token's line must
/// come out once and whole, each thread's in its order. One write in eight logs a long line
/// (past a pipe's 4,096-byte atomic write) and one in eight two lines, as a server logs a
/// request body or a stack: each must come out whole too.
package final class NSLogSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "nslog", summary: "NSLog from every thread into a captured stderr: every line whole, once",
    documented: .safe, defaultReadRatio: 0, traits: [.ordersPerThread],
    calls: [
      "NSLog(\"%@\", …) with a short token line (write)",
      "NSLog(\"%@\", …) with a line of 6,000 bytes (write)",
      "NSLog(\"%@\", …) with two lines (write)",
    ],
    leavesOut:
      "NSLogv: NSLog calls it, so every write makes it; formats with several arguments: "
      + "string-format covers the formatting; logging to a terminal: a trial cannot read back "
      + "what a terminal shows"
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
  /// The two-line writes so far: each must leave its second line.
  private let twoLines = Atomic<Int>(0)
  package static let padding = String(repeating: "x", count: 6_000)
  private let capturing: Bool

  package init(shape: TrialShape) {
    capturing = Self.capture.begin()
  }

  deinit {
    if capturing, Self.capture.end() { Self.directory.remove() }
  }

  package func write(_ step: Step) {
    switch step.random % 8 {
    case 0: NSLog("%@", "stress-log \(id) \(step.token) \(Self.padding)")
    case 1:
      twoLines.add(1, ordering: .relaxed)
      NSLog("%@", "stress-log \(id) \(step.token)\nstress-more \(id) \(step.token)")
    default: NSLog("%@", "stress-log \(id) \(step.token)")
    }
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
    var more: Set<Int> = []
    for line in text.split(separator: "\n") {
      if let range = line.range(of: "stress-more \(id) ") {
        guard let token = Int(line[range.upperBound...]) else {
          violations.add("a torn second line: \(line.suffix(80))")
          continue
        }
        more.insert(token)
        continue
      }
      guard line.contains("stress-log "), let range = line.range(of: tag) else { continue }
      let fields = line[range.upperBound...].split(separator: " ", maxSplits: 1)
      guard let token = fields.first.flatMap({ Int($0) }),
        fields.count == 1 || fields[1] == Self.padding
      else {
        violations.add("a torn line: \(line.suffix(80))")
        continue
      }
      tokens.append(token)
    }
    violations.merge(OrderedTokens.verify(tokens, writesPerThread: writesPerThread))
    let expected = twoLines.load(ordering: .relaxed)
    violations.add(
      count: abs(expected - more.count),
      "\(more.count) second lines came out for \(expected) two-line messages")
    if !more.isSubset(of: tokens) { violations.add("a second line without its first") }
    return violations
  }
}
