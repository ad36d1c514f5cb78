extension ControlledScheduler {
  /// A thread that could not go on when no thread could: what it holds and waits for.
  package struct Blocked: Equatable, Sendable {
    package var thread: Int
    /// Its operation, as an index into the trace's names (-1: none).
    package var operation: Int
    /// The primitives it holds, by their numbers in the trace.
    package var holds: [Int]
    /// The primitive it waits at, and for what.
    package var waitsAt: Int?
    package var wait: ControlledWait?
  }

  /// How a schedule failed.
  package enum Failure: Equatable, Sendable {
    /// No thread can go on, and not all have finished: every unfinished thread.
    case deadlock([Blocked])
    /// No schedule finished within this many points.
    case livelock(points: Int)
    /// A thread ran `seconds` without reaching a scheduled primitive, in its operation (an
    /// index into the trace's names, or -1).
    case stuck(thread: Int, operation: Int, seconds: Double)
    /// A block could not be given a thread: the schedule's threads and blocks came to
    /// `maxThreads`, or (`reason`) the real thread would not start. A limit of the scheduler,
    /// not a failure of the code.
    case noThreadForBlock(reason: String?)
    /// Thread `thread`, in its operation (an index into the trace's names), used the primitive
    /// numbered `primitive` against its rules: `what`.
    case misuse(thread: Int, operation: Int, primitive: Int, what: String)
  }

  /// Every unfinished thread, with what it holds and waits for: the schedule fails there.
  func deadlock(_ me: Int) -> Never {
    let blocked = status.indices.filter { status[$0] != .finished }.map { thread in
      let waiting = primitives.indices.lazy.compactMap { n in
        self.primitives[n].state?.waiting(thread).map { (n, $0) }
      }.first
      return Blocked(
        thread: thread, operation: operations[thread],
        holds: primitives.indices.filter { primitives[$0].state?.holds(thread) == true },
        waitsAt: waiting?.0, wait: waiting?.1)
    }
    fail(me, .deadlock(blocked))
  }
}
