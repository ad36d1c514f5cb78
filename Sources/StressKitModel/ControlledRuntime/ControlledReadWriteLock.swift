/// A reader-writer lock under the controlled scheduler: its writer, its readers, the threads
/// waiting, and what each side had seen when it let go (a writer's release before any next
/// acquire; the readers' releases before the next writer's).
final class ControlledReadWriteLock: ControlledState {
  private var writer: Int?
  private var readers: [Int] = []
  private var waiters: [Int] = []
  private var writerClock: [Int] = []
  private var readersClock: [Int] = []

  init() {}

  func holds(_ thread: Int) -> Bool { writer == thread || readers.contains(thread) }

  func waiting(_ thread: Int) -> ControlledWait? {
    waiters.contains(thread) ? ControlledWait(holder: writer ?? readers.first) : nil
  }

  /// `me` takes it to read (with other readers) or to write (alone), giving way meanwhile.
  func acquire(_ me: Int, writes: Bool, on scheduler: ControlledScheduler) {
    while writer != nil || (writes && !readers.isEmpty) {
      waiters.append(me)
      scheduler.block(me)
    }
    scheduler.causality.acquire(me, writerClock)
    if writes {
      writer = me
      scheduler.causality.acquire(me, readersClock)
    } else {
      readers.append(me)
    }
  }

  /// `me` lets it go: every thread waiting can run again, and races to take it.
  func release(_ me: Int, on scheduler: ControlledScheduler) {
    if writer == me {
      writer = nil
      scheduler.causality.release(me, into: &writerClock)
    } else if let index = readers.firstIndex(of: me) {
      readers.remove(at: index)
      scheduler.causality.release(me, into: &readersClock)
    }
    for thread in waiters { scheduler.wake(thread) }
    waiters.removeAll(keepingCapacity: true)
  }
}
