import StressKit

#if canImport(Glibc)
  import Glibc
#endif

/// A counter whose increment is a load, a yield, then a store: the window between check and
/// act is wide open, so any wrapper that lets two writers overlap loses increments.
final class WideWindowCounter: StressSubject, @unchecked Sendable {
  static let info = SubjectInfo(
    id: "test-wide-window-counter", summary: "test: load, yield, store", documented: .notListed,
    hidden: true)

  private var value = 0

  init(shape: TrialShape) {}

  func write(_ step: Step) {
    let seen = value
    sched_yield()
    value = seen + 1
  }

  /// Two loads with a yield between: equal unless a writer got in, which a wrapper that
  /// protects reads must prevent.
  func read(_ step: Step) -> String? {
    let first = value
    sched_yield()
    let second = value
    return first == second ? nil : "counter moved from \(first) to \(second) during a read"
  }

  func check(writesPerThread: [Int]) -> Violations {
    var v = Violations()
    let expected = writesPerThread.reduce(0, +)
    v.add(count: abs(expected - value), "counter \(value), expected \(expected)")
    return v
  }
}

extension Catalog {
  static var forTests: Catalog {
    var catalog = Catalog.standard
    catalog.add(WideWindowCounter.self)
    return catalog
  }
}
