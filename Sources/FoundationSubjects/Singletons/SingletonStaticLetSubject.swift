import StressKit
import Synchronization

/// Swift's `static let`: initialized lazily, exactly once, atomically, by the language. A
/// static lives once per process, so each trial runs in a fresh worker (`freshProcess`), and
/// each subject instance claims the next of 32 holder types: the sanity pass takes one, the
/// trial (or each epoch, with --instances) the next, so every measured access races on a
/// static nobody has touched yet. Past 32 instances in one process, holders are reused (their
/// statics already set), which the check still accepts.
package final class SingletonStaticLetSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "singleton-static-let",
    summary: "a static let, first touched by every thread at once (one per fresh process)",
    documented: .notListed,
    expectations: [
      .neverFails(
        .everyWrapper, because: "Swift initializes a global or static let exactly once, atomically")
    ],
    defaultReadRatio: 0, traits: [.freshProcess],
    calls: [
      "Holder.shared, a static let's first access (write)"
    ],
    leavesOut: "global lets: outside main.swift Swift initializes them as it does a static let, "
      + "once and atomically; static vars (mutable): counter covers a shared variable's "
      + "writes, and their initializer runs as a static let's does; initializers that "
      + "touch other statics: each static is still initialized once on its own, as the "
      + "language promises")

  static let nextHolder = Atomic<Int>(0)
  let holder: any StaticHolder.Type
  private let threads: Int
  private let seen: UnsafeMutablePointer<Int>

  package init(shape: TrialShape) {
    let index = Self.nextHolder.add(1, ordering: .relaxed).oldValue
    holder = staticHolders[index % staticHolders.count]
    threads = shape.threads
    seen = .allocate(capacity: threads)
    seen.initialize(repeating: 0, count: threads)
  }

  deinit {
    seen.deallocate()
  }

  package func write(_ step: Step) {
    seen[step.thread] = holder.shared.id
  }

  package func read(_ step: Step) -> String? { nil }

  /// The holder's initializer ran once, and every thread that asked got that instance.
  package func check(writesPerThread: [Int]) -> Violations {
    var violations = Violations()
    // Untouched (no write reached it), the initializer has not run, and that is right too.
    let runs = holder.initializerRuns
    let touched = writesPerThread.contains { $0 > 0 }
    if touched ? runs != 1 : runs > 1 {
      violations.add("static let initializer ran \(runs) times")
    }
    let ids = Set((0..<threads).filter { writesPerThread[$0] > 0 }.map { seen[$0] })
    if ids.count > 1 { violations.add("threads saw \(ids.count) different instances") }
    return violations
  }
}
