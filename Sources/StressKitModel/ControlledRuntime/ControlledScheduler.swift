import StressKitCore
import StressPlatform
import Synchronization

/// Runs a schedule's threads one at a time and passes control only at a scheduled primitive
/// or at the start of an operation, where its chooser picks who runs next (loom's and
/// shuttle's way). The threads are real and live as long as the scheduler: each schedule hands
/// them new work.
///
/// A block submitted asynchronously (`ScheduledQueue.async`) is a thread of its own to the
/// scheduler, numbered after the schedule's threads and started on its first submit: it may
/// run, under the chooser, once its queue lets it.
///
/// It knows only which threads may run and which are blocked, the logical clock and the trace.
/// Each primitive keeps its own state (`ControlledState`: an owner, waiters, a queue), made
/// fresh in each schedule, and blocks and wakes threads through `block` and `wake`.
///
/// Its state is touched only by the thread that holds the baton, or by the explorer between
/// schedules: each handoff is a `Baton`, whose lock orders one holder's writes before the
/// next one's reads.
///
/// A schedule fails three ways, each reported and never waited for: a deadlock (no thread can
/// go on, and not all have finished), a livelock (more than `maxPoints` points in one
/// schedule), and a thread stuck outside the primitives (a spin, or a blocking call they do
/// not see) for `stuckAfter` seconds. The threads of a failed schedule stay parked for good:
/// the scheduler is `broken` and not used again.
package final class ControlledScheduler: @unchecked Sendable {
  /// The most threads a schedule may have: a replay token spells each choice, a thread's
  /// number, as one base-36 digit.
  package static let maxThreads = 36

  /// Whether a controlled thread may run.
  enum Status: Equatable {
    case running
    /// Waiting for another thread to `wake` it.
    case blocked
    /// A timed wait: the thread may also go on when the time is up, so it stays enabled.
    case timed
    case finished
  }

  /// The schedule's own threads; blocks submitted asynchronously come after them.
  package let threads: Int
  private let maxPoints: Int
  /// One baton for each thread there may be, and the explorer's last: made at the start, so
  /// that a thread added later never reads an array another one grows.
  private let batons: [Baton]
  private var explorer: Int { Self.maxThreads }
  /// Real threads started: the schedule's own, and those blocks have needed so far.
  var started = 0
  var bodies: [() -> Void]
  var chooser: (any ScheduleChooser)?
  var status: [Status]
  /// Each thread's operation, as an index into the trace's names (-1: none). A block has
  /// the operation that submitted it.
  var operations: [Int]
  /// By operation: when its last block finished (0: it submitted none).
  package internal(set) var answered: [UInt64] = []
  /// Each primitive this schedule used: its number in the trace, by identity (a plain integer
  /// lookup, on every use of every primitive).
  var numbers: [ObjectIdentifier: Int] = [:]
  /// By number: the primitive, kept so that its identity is not reused within the schedule,
  /// and its state, if it keeps one.
  var primitives: [(object: AnyObject, state: ControlledState?)] = []
  private var points = 0
  /// Steps at scheduled primitives in this schedule (operations' starts and ends left out):
  /// none means the scheduler could switch only between whole operations.
  package private(set) var uses = 0
  private var failure: Failure?
  private var shutdown = false
  package internal(set) var trace = ScheduleTrace()
  /// Happens-before between the threads, and the first data race seen.
  package var causality = Causality()
  /// Logical time: one tick a step.
  package private(set) var clock: UInt64 = 0
  /// Whether a failed schedule left threads parked for good.
  package private(set) var broken = false
  /// The thread last seen at a point, its operation and when: read by the explorer to tell a
  /// thread stuck outside the primitives; `abandoned` parks any that comes back. Atomics, not
  /// a lock: they are written at every point, and ThreadSanitizer sees them.
  private let lastThread = Atomic<Int>(0)
  private let lastOperation = Atomic<Int>(-1)
  private let lastNanos = Atomic<UInt64>(0)
  private let abandoned = Atomic<Bool>(false)
  /// The number of a primitive a thread outside the schedule used, or -1.
  let outside = Atomic<Int>(-1)

  /// `threads` controlled threads, started now. nil, or the reason they could not start.
  package init(threads: Int, maxPoints: Int = 100_000) throws(SchedulerError) {
    self.threads = threads
    self.maxPoints = maxPoints
    batons = (0...Self.maxThreads).map { _ in Baton() }
    bodies = Array(repeating: {}, count: Self.maxThreads)
    status = Array(repeating: .finished, count: threads)
    operations = Array(repeating: -1, count: threads)
    Platform.countControlledSchedulers(1)
    for thread in 0..<threads {
      if let reason = startThread(thread) {
        // The threads that did start leave their loop.
        close()
        throw SchedulerError(reason: reason)
      }
    }
  }

  /// Starts the real thread of thread `thread`: nil, or why it could not start.
  func startThread(_ thread: Int) -> String? {
    let reason = Platform.startThread { [self] in self.serve(thread) }
    if reason == nil { started += 1 }
    return reason
  }

  /// Why the controlled threads could not start.
  package struct SchedulerError: Error {
    package let reason: String
  }

  /// Ends the threads of a scheduler that is not broken.
  package func close() {
    Platform.countControlledSchedulers(-1)
    disownAll()
    guard !broken else { return }
    shutdown = true
    for thread in 0..<started { batons[thread].pass() }
  }

  private func serve(_ thread: Int) {
    let seat = Seat(self, thread)
    Self.seat.value = seat
    while true {
      batons[thread].take()
      if shutdown { break }
      bodies[thread]()
      finish(thread)
    }
    Self.seat.value = nil
    withExtendedLifetime(seat) {}
  }

  // MARK: - A schedule

  /// Runs `bodies`, one a thread, under `chooser`'s schedule `schedule`: nil when every body
  /// finished, else how the schedule failed. `operations` names the operations that `begin`
  /// numbers.
  package func run(
    _ bodies: [() -> Void], operations names: [String] = [], chooser: any ScheduleChooser,
    schedule: Int, stuckAfter: Double
  ) -> Failure? {
    precondition(!broken && bodies.count == threads)
    self.bodies.replaceSubrange(0..<threads, with: bodies)
    // Blocks of the last schedule let go of what they captured.
    for block in threads..<started { self.bodies[block] = {} }
    self.chooser = chooser
    status = Array(repeating: .running, count: threads)
    operations = Array(repeating: -1, count: threads)
    answered = Array(repeating: 0, count: names.count)
    forgetPrimitives()
    points = 0
    uses = 0
    causality.start(threads: threads)
    failure = nil
    trace = ScheduleTrace()
    trace.operations = names
    clock = 0
    chooser.start(schedule: schedule, threads: threads)
    let first = pick(current: nil) ?? 0
    let start = Platform.monotonicNanos()
    lastThread.store(first, ordering: .relaxed)
    lastOperation.store(-1, ordering: .relaxed)
    lastNanos.store(start, ordering: .relaxed)
    abandoned.store(false, ordering: .sequentiallyConsistent)
    outside.store(-1, ordering: .relaxed)
    batons[first].pass()
    let limit = UInt64(max(0.01, stuckAfter) * 1e9)
    while !batons[explorer].take(within: 0.02) {
      let since = lastNanos.load(ordering: .acquiring)
      let (thread, operation) = (
        lastThread.load(ordering: .relaxed), lastOperation.load(ordering: .relaxed)
      )
      let now = Platform.monotonicNanos()
      guard now - since > limit else { continue }
      abandoned.store(true, ordering: .sequentiallyConsistent)
      broken = true
      return .stuck(thread: thread, operation: operation, seconds: Double(now - since) / 1e9)
    }
    // The primitives' states go with the schedule; their objects may go with the instance.
    forgetPrimitives()
    return failure ?? usedOutside
  }

  private func forgetPrimitives() {
    disown()
    numbers.removeAll(keepingCapacity: true)
    primitives.removeAll(keepingCapacity: true)
  }

  // MARK: - Choosing who runs

  /// The threads that can go on.
  private func enabled() -> [Int] {
    status.indices.filter { status[$0] == .running || status[$0] == .timed }
  }

  /// The thread to run next, asking the chooser where there is a choice; nil if none can.
  func pick(current: Int?) -> Int? {
    let can = enabled()
    guard can.count > 1 else { return can.first }
    let choice = chooser!.choose(can, current: current.flatMap { can.contains($0) ? $0 : nil })
    trace.choices.append(choice)
    return choice
  }

  /// Hands control from `me` to `next` and waits for it to come back.
  private func transfer(from me: Int, to next: Int) {
    batons[next].pass()
    batons[me].take()
  }

  /// Waits for good: a failed schedule's threads never run again.
  private func park(_ me: Int) -> Never {
    while true { batons[me].take() }
  }

  func fail(_ me: Int, _ failure: Failure) -> Never {
    self.failure = failure
    broken = true
    batons[explorer].pass()
    park(me)
  }

  private func finish(_ me: Int) {
    status[me] = .finished
    // A block's operation is answered when its last block has finished.
    if me >= threads, answered.indices.contains(operations[me]) {
      answered[operations[me]] = clock
    }
    if status.allSatisfy({ $0 == .finished }) {
      chooser = nil
      batons[explorer].pass()
      return
    }
    guard let next = pick(current: nil) ?? pickOnceASleepEnds() else { deadlock(me) }
    batons[next].pass()
  }

  // MARK: - What primitives call

  /// A switch point before `me` acts: the chooser may run another thread first.
  package func point(_ me: Int) {
    points += 1
    lastThread.store(me, ordering: .relaxed)
    lastOperation.store(operations[me], ordering: .relaxed)
    lastNanos.store(Platform.monotonicNanos(), ordering: .releasing)
    if abandoned.load(ordering: .sequentiallyConsistent) { park(me) }
    if points > maxPoints { fail(me, .livelock(points: maxPoints)) }
    if let outside = usedOutside { fail(me, outside) }
    guard let next = pick(current: me) else { deadlock(me) }
    published()
    if next != me { transfer(from: me, to: next) }
  }

  /// `me` waits until another thread `wake`s it (or, `timed`, until the chooser lets its time
  /// run out); another thread runs meanwhile. The primitive that called it then looks at its
  /// own state to see why it runs again.
  package func block(_ me: Int, timed: Bool = false) {
    status[me] = timed ? .timed : .blocked
    guard let next = pick(current: nil) ?? pickOnceASleepEnds() else { deadlock(me) }
    if next != me { transfer(from: me, to: next) }
    status[me] = .running
  }

  /// `thread`, blocked, may run again.
  package func wake(_ thread: Int) {
    if status[thread] == .blocked || status[thread] == .timed { status[thread] = .running }
  }

  /// `me` did `use` at primitive `primitive`: a step of the trace.
  package func record(_ me: Int, _ primitive: Int, _ use: ScheduleTrace.Use) {
    uses += 1
    record(me, .use(primitive, use))
  }

  /// `me` resumed or suspended an async call's task: a point where others could interleave.
  func recordJob(_ me: Int, _ action: ScheduleTrace.Action) {
    uses += 1
    record(me, action)
  }

  func record(_ me: Int, _ action: ScheduleTrace.Action) {
    clock += 1
    trace.steps.append(.init(thread: me, operation: operations[me], action: action))
    published()
  }

  /// Orders the trace before the explorer's acquire of `lastNanos` (a stuck thread's report).
  @inline(__always)
  private func published() {
    lastNanos.store(lastNanos.load(ordering: .relaxed), ordering: .releasing)
  }
}
