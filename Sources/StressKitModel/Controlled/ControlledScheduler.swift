import StressKitCore
import StressPlatform
import Synchronization

/// Runs a schedule's threads one at a time and passes control only at a scheduled primitive
/// (`ScheduledLock`, `ScheduledAtomicInt`, `ScheduledQueue`, `ScheduledCondition`) or at the
/// start of an operation, where its chooser picks who runs next (loom's and shuttle's way).
/// The threads are real and live as long as the scheduler: each schedule hands them new work.
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

  /// What a controlled thread is doing.
  enum Wait: Equatable {
    case running
    case lock(ObjectIdentifier)
    case condition(ObjectIdentifier)
    /// A timed wait: the thread may also go on when the time is up, so it stays enabled.
    case timed(ObjectIdentifier)
    case finished
  }

  /// How a schedule failed.
  package enum Failure: Equatable, Sendable {
    case deadlock(String)
    case livelock(String)
    case stuck(String)
  }

  /// A controlled thread's place: its scheduler and its number.
  package final class Seat {
    package let scheduler: ControlledScheduler
    package let thread: Int
    init(_ scheduler: ControlledScheduler, _ thread: Int) {
      self.scheduler = scheduler
      self.thread = thread
    }
  }

  /// The calling thread's seat, if it is a controlled thread.
  package static let seat = Platform.ThreadLocal<Seat>()
  /// Whether a scheduler is alive in this process: outside one, this load is all a primitive
  /// adds to the lock or atomic it stands for.
  @inline(__always)
  package static var anyLive: Bool { Platform.controlledSchedulersAlive }

  /// The calling thread's seat if a scheduler is alive and this thread is one of its own.
  @inline(__always)
  package static var currentSeat: Seat? { anyLive ? seat.value : nil }

  package let threads: Int
  private let maxPoints: Int
  /// One baton a thread, and the explorer's last.
  private let batons: [Baton]
  private var explorer: Int { threads }
  private var bodies: [() -> Void] = []
  private var chooser: (any ScheduleChooser)?
  private var waits: [Wait]
  /// The primitives each thread holds, by number.
  private var held: [[Int]]
  /// Each thread's operation, as an index into the trace's names (-1: none).
  private var operations: [Int]
  private var owners: [ObjectIdentifier: Int] = [:]
  private var waiters: [ObjectIdentifier: [Int]] = [:]
  /// Each primitive's number in the trace, given at its first use.
  private var numbers: [ObjectIdentifier: Int] = [:]
  private var points = 0
  private var failure: Failure?
  private var shutdown = false
  package private(set) var trace = ScheduleTrace()
  /// Logical time: one tick a step.
  package private(set) var clock: UInt64 = 0
  /// Whether a failed schedule left threads parked for good.
  package private(set) var broken = false
  /// The thread last seen at a point, its operation and when: read by the explorer to tell a
  /// thread stuck outside the primitives; `abandoned` parks any that comes back.
  private let progress = Mutex<(thread: Int, operation: Int, nanos: UInt64, abandoned: Bool)>(
    (0, -1, 0, false))

  /// `threads` controlled threads, started now. nil, or the reason they could not start.
  package init(threads: Int, maxPoints: Int = 100_000) throws(SchedulerError) {
    self.threads = threads
    self.maxPoints = maxPoints
    batons = (0...threads).map { _ in Baton() }
    waits = Array(repeating: .finished, count: threads)
    held = Array(repeating: [], count: threads)
    operations = Array(repeating: -1, count: threads)
    Platform.countControlledSchedulers(1)
    for thread in 0..<threads {
      if let reason = Platform.startThread({ [self] in self.serve(thread) }) {
        // The threads that did start leave their loop.
        close()
        throw SchedulerError(reason: reason)
      }
    }
  }

  /// Why the controlled threads could not start.
  package struct SchedulerError: Error {
    package let reason: String
  }

  /// Ends the threads of a scheduler that is not broken.
  package func close() {
    Platform.countControlledSchedulers(-1)
    guard !broken else { return }
    shutdown = true
    for thread in 0..<threads { batons[thread].pass() }
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
    self.bodies = bodies
    self.chooser = chooser
    waits = Array(repeating: .running, count: threads)
    held = Array(repeating: [], count: threads)
    operations = Array(repeating: -1, count: threads)
    owners.removeAll(keepingCapacity: true)
    waiters.removeAll(keepingCapacity: true)
    numbers.removeAll(keepingCapacity: true)
    points = 0
    failure = nil
    trace = ScheduleTrace()
    trace.operations = names
    clock = 0
    chooser.start(schedule: schedule, threads: threads)
    let first = pick(current: nil) ?? 0
    let start = Platform.monotonicNanos()
    progress.withLock { $0 = (first, -1, start, false) }
    batons[first].pass()
    let limit = UInt64(max(0.01, stuckAfter) * 1e9)
    while !batons[explorer].take(within: 0.02) {
      let (thread, operation, since, _) = progress.withLock { $0 }
      let now = Platform.monotonicNanos()
      guard now - since > limit else { continue }
      progress.withLock { $0.abandoned = true }
      broken = true
      let seconds = Double(now - since) / 1e9
      let name = names.indices.contains(operation) ? " in \(names[operation])" : ""
      return .stuck(
        "thread \(thread + 1) ran for \(String(format: "%.1f", seconds)) s\(name)"
          + " without reaching a scheduled primitive: a spin, or a blocking call the scheduler "
          + "does not see (a lock, queue, sleep or I/O not among its primitives)")
    }
    return failure
  }

  // MARK: - Points

  /// The threads that can go on.
  private func enabled() -> [Int] {
    (0..<threads).filter {
      switch waits[$0] {
      case .running, .timed: true
      default: false
      }
    }
  }

  /// The thread to run next, asking the chooser where there is a choice; nil if none can.
  private func pick(current: Int?) -> Int? {
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

  /// A switch point before `me` acts: the chooser may run another thread first.
  private func point(_ me: Int) {
    points += 1
    let parked = progress.withLock { state -> Bool in
      if state.abandoned { return true }
      state = (me, operations[me], Platform.monotonicNanos(), false)
      return false
    }
    if parked { park(me) }
    if points > maxPoints {
      fail(
        me,
        .livelock(
          "no schedule finished within \(maxPoints) steps: threads keep reaching primitives "
            + "without finishing (a livelock, or a spin on a scheduled atomic)"))
    }
    guard let next = pick(current: me) else { deadlock(me) }
    if next != me { transfer(from: me, to: next) }
  }

  /// Waits for good: a failed schedule's threads never run again.
  private func park(_ me: Int) -> Never {
    while true { batons[me].take() }
  }

  private func fail(_ me: Int, _ failure: Failure) -> Never {
    self.failure = failure
    broken = true
    batons[explorer].pass()
    park(me)
  }

  /// `me` waits for `wait`; another thread runs meanwhile.
  private func block(_ me: Int, _ wait: Wait) {
    waits[me] = wait
    guard let next = pick(current: nil) else { deadlock(me) }
    if next != me { transfer(from: me, to: next) }
  }

  private func deadlock(_ me: Int) -> Never {
    var lines = ["deadlock: no thread can go on"]
    for thread in 0..<threads where waits[thread] != .finished {
      var line = "  thread \(thread + 1)"
      let operation = trace.operation(operations[thread])
      if !operation.isEmpty { line += " in \(operation)" }
      line += ": holds [" + held[thread].map(trace.label).joined(separator: ", ") + "]"
      switch waits[thread] {
      case .lock(let id):
        let owner = owners[id].map { " (held by thread \($0 + 1))" } ?? ""
        line += ", waits for \(numbers[id].map(trace.label) ?? "a lock")\(owner)"
      case .condition(let id):
        line += ", waits on \(numbers[id].map(trace.label) ?? "a condition") for a signal"
      default: break
      }
      lines.append(line)
    }
    fail(me, .deadlock(lines.joined(separator: "\n")))
  }

  private func finish(_ me: Int) {
    waits[me] = .finished
    if waits.allSatisfy({ $0 == .finished }) {
      chooser = nil
      batons[explorer].pass()
      return
    }
    guard let next = pick(current: nil) else { deadlock(me) }
    batons[next].pass()
  }

  private func record(_ me: Int, _ action: ScheduleTrace.Action) {
    clock += 1
    trace.steps.append(.init(thread: me, operation: operations[me], action: action))
  }

  /// A primitive's number in this schedule's trace, given at its first use, the same in every
  /// replay.
  private func number(_ object: AnyObject, _ kind: String, _ name: String?) -> Int {
    let id = ObjectIdentifier(object)
    if let known = numbers[id] { return known }
    numbers[id] = trace.primitives.count
    trace.primitives.append((kind, name))
    return trace.primitives.count - 1
  }

  // MARK: - What primitives and operations call

  /// `me` starts operation `operation` (an index into the names `run` was given): a point,
  /// then its call time.
  package func begin(_ me: Int, _ operation: Int) -> UInt64 {
    operations[me] = operation
    point(me)
    record(me, .starts)
    return clock
  }

  /// `me` ends its operation, which answered `answer`: its response time.
  package func end(_ me: Int, answered answer: ModelValue) -> UInt64 {
    record(me, .returns(answer))
    operations[me] = -1
    return clock
  }

  /// Takes `object` as a lock, waiting while another thread holds it.
  package func lock(_ me: Int, _ object: AnyObject, kind: String, name: String?) {
    point(me)
    let id = ObjectIdentifier(object)
    let label = number(object, kind, name)
    while owners[id] != nil { block(me, .lock(id)) }
    owners[id] = me
    held[me].append(label)
    record(me, .lock(label))
  }

  /// Releases `object`, taken as a lock; the threads waiting for it can go on. No point
  /// before it: while the lock is held, a thread that would run instead could only wait for
  /// it or do what the next point lets it do anyway.
  package func unlock(_ me: Int, _ object: AnyObject, kind: String, name: String?) {
    let id = ObjectIdentifier(object)
    let label = number(object, kind, name)
    release(id)
    if let i = held[me].lastIndex(of: label) { held[me].remove(at: i) }
    record(me, .unlock(label))
  }

  private func release(_ id: ObjectIdentifier) {
    owners[id] = nil
    for thread in 0..<threads where waits[thread] == .lock(id) { waits[thread] = .running }
  }

  /// Waits on `object`, a condition whose lock `me` holds: releases it, waits for a signal
  /// (or, `timed`, for the time to be up, as the chooser decides), then takes it again.
  /// Whether a signal woke it.
  package func wait(_ me: Int, _ object: AnyObject, timed: Bool, name: String?) -> Bool {
    point(me)
    let id = ObjectIdentifier(object)
    let label = number(object, "condition", name)
    release(id)
    if let i = held[me].lastIndex(of: label) { held[me].remove(at: i) }
    waiters[id, default: []].append(me)
    record(me, .wait(label, timed: timed))
    block(me, timed ? .timed(id) : .condition(id))
    let signaled = !(waiters[id]?.contains(me) ?? false)
    waiters[id]?.removeAll { $0 == me }
    waits[me] = .running
    while owners[id] != nil { block(me, .lock(id)) }
    owners[id] = me
    held[me].append(label)
    record(me, .woken(label, signaled: signaled))
    return signaled
  }

  /// Wakes the longest waiter on `object`, or every one.
  package func signal(_ me: Int, _ object: AnyObject, all: Bool, name: String?) {
    point(me)
    let id = ObjectIdentifier(object)
    let label = number(object, "condition", name)
    let woken = all ? waiters[id] ?? [] : Array((waiters[id] ?? []).prefix(1))
    waiters[id]?.removeFirst(woken.count)
    for thread in woken { waits[thread] = .running }
    record(me, .signal(label, all: all))
  }

  /// An atomic action on `object`: a point, then `act`, which answers its value and what the
  /// trace records of it.
  package func atomic<T>(
    _ me: Int, _ object: AnyObject, name: String?,
    _ act: () -> (value: T, access: ScheduleTrace.AtomicAction)
  ) -> T {
    point(me)
    let label = number(object, "atomic", name)
    let (value, access) = act()
    record(me, .atomic(label, access))
    return value
  }
}
