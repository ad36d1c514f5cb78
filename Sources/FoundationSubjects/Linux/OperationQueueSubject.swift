import Foundation
import StressKit
import Synchronization

/// One `OperationQueue` shared by every thread, as a server hands work to a shared queue: each
/// write adds work in one of the ways applications do (a block, an operation that depends on
/// the thread's previous one, a pair added at once, a barrier, an operation cancelled just after
/// it was added), and each read waits for the thread's own last operation or reads the queue's
/// counts. What the queue promises is checked where it shows: a dependent operation starts only
/// once its dependency finished, a barrier only once the thread's earlier operations did, a
/// finished wait leaves the thread's operations finished, and at the end every operation ran
/// exactly once, or not at all if it was cancelled.
///
/// The subject's own bookkeeping is behind a `Mutex` of its own, never the queue's.
package final class OperationQueueSubject: StressSubject, @unchecked Sendable {
  package enum Call: String, CaseIterable {
    case block = "addOperation(_:) (a block)"
    case dependent = "addOperation(_:) after addDependency(_:) on the thread's previous operation"
    case pair = "addOperations(_:waitUntilFinished: false) (two, the second depending on the first)"
    case barrier = "addBarrierBlock(_:)"
    case cancelled = "cancel() of an operation just added"
    case waitOwn = "waitUntilFinished() on the thread's last operation (read)"
    case waitAll = "waitUntilAllOperationsAreFinished() (read, 1 in 16)"
    case counts = "operationCount, operations.count (read)"
  }

  package static let info = SubjectInfo(
    id: "operationqueue",
    summary: "one OperationQueue shared by every thread: add, depend, barrier, cancel, wait",
    documented: .notListed, sendable: Sendability.of(OperationQueue.self),
    calls: Call.allCases.map(\.rawValue),
    leavesOut:
      "changing maxConcurrentOperationCount or naming a shared queue while it runs: "
      + "rare in applications (both are set at creation); suspending a shared queue while "
      + "it runs, and Operation subclasses with their own asynchronous start(): added beside "
      + "the calls here, either one crashed a single thread's trials (SIGSEGV in "
      + "Operation.observeValue, from OperationQueue._schedule), so the row would read "
      + "'broken subject' instead of a verdict; OperationQueue.main: it runs on the main queue, which "
      + "the harness never drains; KVO on an operation's state: Linux has no KVO")

  private struct Ledger {
    /// How many times each operation's work ran, by its number.
    var runs: [Int: Int] = [:]
    var cancelled: Set<Int> = []
    var violations: [String] = []
  }

  private let queue = OperationQueue()
  private let ledger = Mutex(Ledger())
  private let threads: Int
  /// Each thread's last operation with no dependency of its own (so that dependencies never
  /// chain, and releasing them never recurses deep): its own slot, used by that thread alone.
  private let last: UnsafeMutablePointer<Operation?>

  package init(shape: TrialShape) {
    threads = shape.threads
    last = .allocate(capacity: threads)
    last.initialize(repeating: nil, count: threads)
    queue.maxConcurrentOperationCount = 4
  }

  deinit {
    queue.cancelAllOperations()
    queue.waitUntilAllOperationsAreFinished()
    last.deinitialize(count: threads)
    last.deallocate()
  }

  /// An operation numbered `number` whose work records that it ran, and that `after` (when
  /// given) had finished by then.
  private func operation(_ number: Int, after: Operation? = nil, _ what: String) -> Operation {
    // The work holds the subject until it ran: the queue lets go of it then.
    let operation = BlockOperation { [weak after] in
      self.ledger.withLock { l in
        l.runs[number, default: 0] += 1
        if let after, !after.isFinished {
          l.violations.append("\(what) \(number) started before its dependency finished")
        }
      }
    }
    if let after { operation.addDependency(after) }
    return operation
  }

  package func write(_ step: Step) {
    let number = step.token << 1
    let previous = last[step.thread]
    let made: Operation
    switch Self.writes[Int(step.random >> 61) % Self.writes.count] {
    case .dependent:
      queue.addOperation(operation(number, after: previous, "an operation"))
      return
    case .pair:
      made = operation(number, "a pair's first")
      let second = operation(number | 1, after: made, "a pair's second operation")
      queue.addOperations([made, second], waitUntilFinished: false)
    case .barrier:
      queue.addBarrierBlock { [weak previous] in
        self.ledger.withLock { l in
          l.runs[number, default: 0] += 1
          if let previous, !previous.isFinished {
            l.violations.append("barrier \(number) ran before an earlier operation finished")
          }
        }
      }
      return
    case .cancelled:
      made = operation(number, "a cancelled operation")
      queue.addOperation(made)
      made.cancel()
      ledger.withLock { _ = $0.cancelled.insert(number) }
    default:
      made = operation(number, "a block")
      queue.addOperation(made)
    }
    last[step.thread] = made
  }

  private static let writes: [Call] = [.block, .dependent, .pair, .barrier, .cancelled]

  package func read(_ step: Step) -> String? {
    if step.random & 15 == 0 {
      queue.waitUntilAllOperationsAreFinished()
      if let own = last[step.thread], !own.isFinished {
        return
          "waitUntilAllOperationsAreFinished() returned before this thread's last operation finished"
      }
      return nil
    }
    if step.random & 1 == 0, let own = last[step.thread] {
      own.waitUntilFinished()
      return own.isFinished ? nil : "waitUntilFinished() returned before its operation finished"
    }
    let count = queue.operationCount
    let listed = queue.operations.count
    return count >= 0 && listed >= 0 ? nil : "operationCount \(count), operations \(listed)"
  }

  /// Once the queue drains, each operation ran exactly once, or at most once if cancelled,
  /// and no dependency or barrier was overtaken.
  package func check(writesPerThread: [Int]) -> Violations {
    queue.waitUntilAllOperationsAreFinished()
    var violations = Violations()
    let ledger = self.ledger.withLock { $0 }
    for problem in ledger.violations.prefix(5) { violations.add(problem) }
    if ledger.violations.count > 5 {
      violations.add(count: ledger.violations.count - 5, "and more overtaken operations")
    }
    for (number, runs) in ledger.runs where runs > 1 {
      violations.add("operation \(number) ran \(runs) times")
    }
    var missing = 0
    for thread in 0..<writesPerThread.count {
      for seq in 0..<writesPerThread[thread] {
        let number = Token.encode(thread: thread, seq: seq) << 1
        if ledger.runs[number] == nil && !ledger.cancelled.contains(number) { missing += 1 }
      }
    }
    if missing > 0 { violations.add(count: missing, "\(missing) operations never ran") }
    return violations
  }
}
