import StressKitCore
import StressPlatform
import Synchronization

/// An async call made on a controlled thread. Its task prefers this executor (SE-0417), so its
/// jobs, and those of the default actors it calls into, are enqueued here; the thread runs
/// them one at a time, each after a switch point, and with none to run gives way until
/// another thread enqueues one. A job is a task's run from one suspension to the next, so
/// every await that suspends (an actor hop, a yield, a continuation) is a point where the
/// strategy chooses, and scheduled primitives inside a job are points as everywhere.
///
/// A `Task.sleep` in a call's task is on the schedule's virtual clock (`VirtualClock`, through
/// `SchedulingExecutor` where the toolchain has it). A job enqueued by a thread outside the
/// schedule (a continuation resumed by a `DispatchQueue` or a `Thread`) escaped control: it
/// is never run, and the thread that waits for it is reported as waiting for it.
final class ControlledTaskExecutor: TaskExecutor, @unchecked Sendable {
  private let scheduler: ControlledScheduler
  /// The controlled thread that runs this call's jobs.
  let thread: Int
  /// Jobs enqueued, with what their enqueuer had done by then (enqueue happens before run);
  /// `wake`, a sleep's wake-up job, which only resumes the task that slept.
  private var jobs: [(job: UnownedJob, clock: [Int], wake: Bool)] = []
  /// Jobs enqueued, and calls returned, outside the schedule's threads.
  private let outside = OutsideJobs()
  private var answer: ModelValue?
  /// Whether the thread gives way waiting for a job: only then does an enqueue wake it. While
  /// it runs a job, it may be blocked at a primitive inside it, whose own wake it waits for.
  private var idle = false

  private init(_ scheduler: ControlledScheduler, _ thread: Int) {
    self.scheduler = scheduler
    self.thread = thread
  }

  /// `body`'s answer, its jobs run on controlled thread `thread` of `scheduler`.
  static func run(
    on scheduler: ControlledScheduler, thread: Int,
    _ body: @escaping @Sendable () async -> ModelValue
  ) -> ModelValue {
    let executor = ControlledTaskExecutor(scheduler, thread)
    Task(executorPreference: executor) {
      let value = await body()
      executor.finish(value)
    }
    return executor.drive()
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    guard let seat = ControlledScheduler.currentSeat, seat.scheduler === scheduler else {
      outside.count.add(1, ordering: .relaxed)
      return
    }
    var clock: [Int] = []
    scheduler.causality.release(seat.thread, into: &clock)
    jobs.append((job, clock, false))
    if idle { scheduler.wake(thread) }
  }

  /// A `Task.sleep` of `delay` in this call's task: its wake-up job waits on the schedule's
  /// virtual clock. From outside the schedule, it escaped control as any job would.
  func sleep(_ job: UnownedJob, for delay: Duration) {
    guard let seat = ControlledScheduler.currentSeat, seat.scheduler === scheduler else {
      outside.count.add(1, ordering: .relaxed)
      return
    }
    var clock: [Int] = []
    scheduler.causality.release(seat.thread, into: &clock)
    let (timers, number) = scheduler.state(
      VirtualClock.key, "virtual clock", nil, as: VirtualClock.self)
    scheduler.record(seat.thread, number, .method("sleep", ModelValue(delay)))
    timers.add(job, after: delay, to: self, clock: clock)
  }

  /// A sleep of this call's task ended: its wake-up job runs next on this call's thread.
  /// False if the call already returned (its sleep was cancelled): the job is dropped.
  func wakeUp(_ job: UnownedJob, _ clock: [Int]) -> Bool {
    guard answer == nil else { return false }
    jobs.append((job, clock, true))
    if idle { scheduler.wake(thread) }
    return true
  }

  /// The call returned: on this thread, or on another whose actor ran the task's last job.
  /// Anywhere else (an actor resumed from outside the schedule ran it on the global executor)
  /// it escaped control: the thread waiting for it is reported, never handed its answer.
  private func finish(_ value: ModelValue) {
    guard let seat = ControlledScheduler.currentSeat, seat.scheduler === scheduler else {
      outside.count.add(1, ordering: .releasing)
      return
    }
    answer = value
    if idle { scheduler.wake(thread) }
  }

  private func awaitOutside(seconds: Double) {
    for _ in 0..<Int(seconds * 1_000) where outside.count.load(ordering: .relaxed) == 0 {
      Platform.sleep(seconds: 0.001)
    }
  }

  private func drive() -> ModelValue {
    let (state, _) = scheduler.state(self, "task", nil, as: ControlledTaskWait.self)
    var started = false
    while true {
      if let answer { return answer }
      guard !jobs.isEmpty else {
        // About to deadlock, unless a sleep is pending (the scheduler then ends it): a job
        // from outside the schedule (work handed to a queue or a thread, which resumes the
        // task) comes within microseconds; it is named if it does.
        if !scheduler.othersCanRun(thread) && !scheduler.sleepPending {
          awaitOutside(seconds: 0.5)
        }
        state.waiter = thread
        state.escaped = { [outside] in outside.count.load(ordering: .relaxed) > 0 }
        idle = true
        scheduler.block(thread)
        idle = false
        state.waiter = nil
        continue
      }
      scheduler.point(thread)
      let (job, clock, wake) = jobs.removeFirst()
      scheduler.causality.acquire(thread, clock)
      if started && !wake { scheduler.recordJob(thread, .resumes) }
      started = true
      if wake {
        // The wake-up resumes the task that slept through the global executor: kept from
        // it, the task resumes here, next, its sleep before it.
        let resumed = Platform.firstGlobalEnqueue {
          job.runSynchronously(on: asUnownedTaskExecutor())
        }
        if let resumed { jobs.append((resumed, clock, false)) }
      } else {
        job.runSynchronously(on: asUnownedTaskExecutor())
      }
      if answer == nil && !wake { scheduler.recordJob(thread, .suspends) }
    }
  }
}

/// How many jobs came from outside the schedule's threads.
final class OutsideJobs: Sendable {
  let count = Atomic<Int>(0)
}

/// What a thread whose async call has no job to run waits for, for a deadlock's report.
final class ControlledTaskWait: ControlledState {
  var waiter: Int?
  /// Whether a job came from outside the schedule, which is never run: read when the report
  /// is made, as such a job may come after its thread gave way.
  var escaped: () -> Bool = { false }

  init() {}

  func holds(_ thread: Int) -> Bool { false }

  func waiting(_ thread: Int) -> ControlledWait? {
    guard waiter == thread else { return nil }
    return ControlledWait(
      until: escaped()
        ? "a job enqueued from outside the schedule, which escaped control (a DispatchQueue, "
          + "a Thread or a Task.sleep on real time resumed its task)"
        : "a job: its task awaits what no task resumes (or what escaped control: a "
          + "DispatchQueue, a Thread, a Task.sleep on real time)")
  }
}
