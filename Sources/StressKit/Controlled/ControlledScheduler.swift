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
  /// Schedulers alive in this process: outside any, a primitive costs this one load.
  package static let live = Atomic<Int>(0)

  package let threads: Int
  private let maxPoints: Int
  /// One baton a thread, and the explorer's last.
  private let batons: [Baton]
  private var explorer: Int { threads }
  private var bodies: [() -> Void] = []
  private var chooser: (any ScheduleChooser)?
  private var waits: [Wait]
  private var held: [[String]]
  private var operations: [String]
  private var owners: [ObjectIdentifier: Int] = [:]
  private var waiters: [ObjectIdentifier: [Int]] = [:]
  private var labels: [ObjectIdentifier: String] = [:]
  private var counts: [String: Int] = [:]
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
  private let progress = Mutex<(thread: Int, operation: String, nanos: UInt64, abandoned: Bool)>(
    (0, "", 0, false))

  /// `threads` controlled threads, started now. nil, or the reason they could not start.
  package init(threads: Int, maxPoints: Int = 100_000) throws(SchedulerError) {
    self.threads = threads
    self.maxPoints = maxPoints
    batons = (0...threads).map { _ in Baton() }
    waits = Array(repeating: .finished, count: threads)
    held = Array(repeating: [], count: threads)
    operations = Array(repeating: "", count: threads)
    Self.live.add(1, ordering: .relaxed)
    for thread in 0..<threads {
      if let reason = Platform.startThread({ [self] in self.serve(thread) }) {
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
    Self.live.subtract(1, ordering: .relaxed)
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
  /// finished, else how the schedule failed.
  package func run(
    _ bodies: [() -> Void], chooser: any ScheduleChooser, schedule: Int, stuckAfter: Double
  ) -> Failure? {
    precondition(!broken && bodies.count == threads)
    self.bodies = bodies
    self.chooser = chooser
    waits = Array(repeating: .running, count: threads)
    held = Array(repeating: [], count: threads)
    operations = Array(repeating: "", count: threads)
    owners = [:]
    waiters = [:]
    labels = [:]
    counts = [:]
    points = 0
    failure = nil
    trace = ScheduleTrace()
    clock = 0
    chooser.start(schedule: schedule, threads: threads)
    let first = pick(current: nil) ?? 0
    let start = Platform.monotonicNanos()
    progress.withLock { $0 = (first, "", start, false) }
    batons[first].pass()
    let limit = UInt64(max(0.01, stuckAfter) * 1e9)
    while !batons[explorer].take(within: 0.02) {
      let (thread, operation, since, _) = progress.withLock { $0 }
      let now = Platform.monotonicNanos()
      guard now - since > limit else { continue }
      progress.withLock { $0.abandoned = true }
      broken = true
      let seconds = Double(now - since) / 1e9
      return .stuck(
        "thread \(thread + 1) ran for \(String(format: "%.1f", seconds)) s"
          + (operation.isEmpty ? "" : " in \(operation)")
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
      if !operations[thread].isEmpty { line += " in \(operations[thread])" }
      line += ": holds [" + held[thread].joined(separator: ", ") + "]"
      switch waits[thread] {
      case .lock(let id):
        let owner = owners[id].map { " (held by thread \($0 + 1))" } ?? ""
        line += ", waits for \(labels[id] ?? "a lock")\(owner)"
      case .condition(let id): line += ", waits on \(labels[id] ?? "a condition") for a signal"
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

  private func record(_ me: Int, _ action: String) {
    clock += 1
    trace.steps.append(.init(thread: me, operation: operations[me], action: action))
  }

  /// The name a primitive goes by in this schedule: its own, or its kind and a number in the
  /// order primitives were first used, the same in every replay.
  private func label(_ object: AnyObject, _ kind: String, _ name: String?) -> String {
    let id = ObjectIdentifier(object)
    if let known = labels[id] { return known }
    let count = counts[kind, default: 0] + 1
    counts[kind] = count
    let made = name ?? "\(kind) \(count)"
    labels[id] = made
    return made
  }

  // MARK: - What primitives and operations call

  /// `me` starts `operation`: a point, then its call time.
  package func begin(_ me: Int, _ operation: String) -> UInt64 {
    operations[me] = operation
    point(me)
    record(me, "starts")
    return clock
  }

  /// `me` ends its operation, which answered `answer`: its response time.
  package func end(_ me: Int, answered answer: String) -> UInt64 {
    record(me, answer.isEmpty ? "returns" : "returns \(answer)")
    operations[me] = ""
    return clock
  }

  /// Takes `object` as a lock, waiting while another thread holds it.
  package func lock(_ me: Int, _ object: AnyObject, kind: String, name: String?) {
    point(me)
    let id = ObjectIdentifier(object)
    let label = label(object, kind, name)
    while owners[id] != nil { block(me, .lock(id)) }
    owners[id] = me
    held[me].append(label)
    record(me, "lock(\(label))")
  }

  /// Releases `object`, taken as a lock; the threads waiting for it can go on. No point
  /// before it: while the lock is held, a thread that would run instead could only wait for
  /// it or do what the next point lets it do anyway.
  package func unlock(_ me: Int, _ object: AnyObject, kind: String, name: String?) {
    let id = ObjectIdentifier(object)
    let label = label(object, kind, name)
    release(id)
    if let i = held[me].lastIndex(of: label) { held[me].remove(at: i) }
    record(me, "unlock(\(label))")
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
    let label = label(object, "condition", name)
    release(id)
    if let i = held[me].lastIndex(of: label) { held[me].remove(at: i) }
    waiters[id, default: []].append(me)
    record(me, timed ? "wait(\(label), until:)" : "wait(\(label))")
    block(me, timed ? .timed(id) : .condition(id))
    let signaled = !(waiters[id]?.contains(me) ?? false)
    waiters[id]?.removeAll { $0 == me }
    waits[me] = .running
    while owners[id] != nil { block(me, .lock(id)) }
    owners[id] = me
    held[me].append(label)
    record(me, signaled ? "woken: lock(\(label))" : "timed out: lock(\(label))")
    return signaled
  }

  /// Wakes the longest waiter on `object`, or every one.
  package func signal(_ me: Int, _ object: AnyObject, all: Bool, name: String?) {
    point(me)
    let id = ObjectIdentifier(object)
    let label = label(object, "condition", name)
    let woken = all ? waiters[id] ?? [] : Array((waiters[id] ?? []).prefix(1))
    waiters[id]?.removeFirst(woken.count)
    for thread in woken { waits[thread] = .running }
    record(me, (all ? "broadcast(" : "signal(") + label + ")")
  }

  /// An atomic action on `object`: a point, then `act`, which answers its value and how the
  /// trace spells it.
  package func atomic<T>(
    _ me: Int, _ object: AnyObject, name: String?, _ act: () -> (value: T, spelled: String)
  ) -> T {
    point(me)
    let label = label(object, "atomic", name)
    let (value, spelled) = act()
    record(me, "\(label).\(spelled)")
    return value
  }
}
