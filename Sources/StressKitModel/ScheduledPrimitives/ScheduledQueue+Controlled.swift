import Dispatch
import StressPlatform

extension ScheduledQueue {
  /// The calling thread's seat, if it is one of a scheduler's threads.
  @usableFromInline
  func seatHere() -> AnyObject? { ControlledScheduler.seat(using: self) }

  /// `work`, counted for the call the submitting thread runs, if it runs one under a
  /// settlement (outside a controlled run, a TLS load more than `DispatchQueue.async`).
  @usableFromInline
  func counted(_ work: @escaping @Sendable @convention(block) () -> Void)
    -> @Sendable @convention(block) () -> Void
  {
    // A block passes through unconverted: GCD takes it as it is, with no closure to box.
    guard BlockSettlement.counting else { return work }
    let wrapped = BlockSettlement.wrap { work() }
    return { wrapped() }
  }

  /// The real queue's `asyncAfter`; at once where the calling thread runs calls one at a time
  /// (`BlockSettlement.timersAtOnce`): a specification's deadlines take no real time.
  func plainAfter(
    deadline: DispatchTime, qos: DispatchQoS, flags: DispatchWorkItemFlags,
    _ work: @escaping @Sendable @convention(block) () -> Void
  ) {
    let counted = counted(work)
    guard BlockSettlement.timersFireAtOnce else {
      return base.asyncAfter(deadline: deadline, qos: qos, flags: flags, execute: counted)
    }
    base.async(qos: qos, flags: flags, execute: counted)
  }

  /// Its state in this schedule and its number in the trace.
  private func state(_ scheduler: ControlledScheduler) -> (ControlledQueue, Int) {
    let (state, number) = scheduler.state(self, "queue", label, as: ControlledQueue.self)
    state.concurrent = concurrent
    return (state, number)
  }

  /// A `sync` block's start: a point, then the caller waits until the queue lets it start.
  @usableFromInline
  func controlledEnter(_ seat: AnyObject, barrier: Bool) {
    guard let seat = seat as? ControlledScheduler.Seat else { return }
    let (scheduler, me) = (seat.scheduler, seat.thread)
    scheduler.point(me)
    let (state, number) = state(scheduler)
    state.enter(me, barrier: barrier, on: scheduler)
    scheduler.record(me, number, .call("sync", label: barrier ? "barrier" : nil))
  }

  /// A `sync` block's end. No point: as a lock's release, nothing another thread could do
  /// first is not also possible at the next point.
  @usableFromInline
  func controlledLeave(_ seat: AnyObject) {
    guard let seat = seat as? ControlledScheduler.Seat else { return }
    let (scheduler, me) = (seat.scheduler, seat.thread)
    let (state, number) = state(scheduler)
    state.leave(me, on: scheduler)
    scheduler.record(me, number, .call("leaves"))
  }

  /// `async` or `asyncAfter` while a scheduler is alive: on one of its threads, a point and a
  /// block (or a timer) of the schedule; on any other thread, the real queue's, counted for
  /// the call that thread runs (`BlockSettlement`).
  @usableFromInline
  func controlledAsync(
    group: ScheduledGroup?, qos: DispatchQoS, flags: DispatchWorkItemFlags,
    after deadline: DispatchTime?, _ work: @escaping @Sendable () -> Void
  ) {
    guard let seat = ControlledScheduler.seat(using: self) else {
      guard let deadline else {
        return base.async(group: group?.base, qos: qos, flags: flags, execute: counted(work))
      }
      return plainAfter(deadline: deadline, qos: qos, flags: flags, work)
    }
    let (scheduler, me) = (seat.scheduler, seat.thread)
    scheduler.point(me)
    let barrier = flags.contains(.barrier)
    guard let deadline else {
      group?.controlledEnter(scheduler)
      return submit(from: me, on: scheduler, barrier: barrier, group: group, work)
    }
    let (state, number) = state(scheduler)
    scheduler.record(me, number, .call("asyncAfter", label: barrier ? "barrier" : nil))
    let timer = scheduler.spawn(me) { [self] in
      let me = ControlledScheduler.seat.value!.thread
      state.due(me, on: scheduler)
      scheduler.record(me, number, .call("timer fires"))
      state.fired(me, on: scheduler)
      submit(from: me, on: scheduler, barrier: barrier, group: nil, work)
    }
    state.schedule(timer, deadline: deadline.uptimeNanoseconds, on: scheduler)
  }

  /// Thread `me` submits `work` as a block of the schedule (no point: its caller made one).
  func submit(
    from me: Int, on scheduler: ControlledScheduler, barrier: Bool, group: ScheduledGroup?,
    operation: Int? = nil, after clocks: [[Int]] = [], _ work: @escaping @Sendable () -> Void
  ) {
    let (state, number) = state(scheduler)
    let block = scheduler.spawn(me, operation: operation) {
      let me = ControlledScheduler.seat.value!.thread
      scheduler.record(me, number, .call("enters"))
      work()
      state.leave(me, on: scheduler)
      scheduler.record(me, number, .call("leaves"))
      group?.controlledLeave(scheduler, me)
    }
    // A group's notification comes after every leave, not only the last leaver's, and after
    // its `notify`.
    for clock in clocks { scheduler.causality.acquire(block, clock) }
    scheduler.record(me, number, .call("async", label: barrier ? "barrier" : nil))
    state.submit(block, barrier: barrier, on: scheduler)
  }
}
