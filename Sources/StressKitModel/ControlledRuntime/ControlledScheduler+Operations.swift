import StressKitCore

extension ControlledScheduler {
  // MARK: - What operations call

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

  /// Whether a thread other than `me` can go on: if none can, `me` blocking is a deadlock.
  package func othersCanRun(_ me: Int) -> Bool {
    status.indices.contains { $0 != me && (status[$0] == .running || status[$0] == .timed) }
  }

  /// When operation `operation` took effect as a whole: its own answer at `response`, or
  /// later, when the last block it submitted finished.
  package func settled(_ operation: Int, response: UInt64) -> UInt64 {
    answered.indices.contains(operation) ? max(response, answered[operation]) : response
  }

  /// `me` used primitive `primitive` against its rules (`what`): the schedule fails there,
  /// naming it, rather than run on into a history or a deadlock that cannot explain it.
  package func misuse(_ me: Int, _ primitive: Int, _ what: String) -> Never {
    fail(me, .misuse(thread: me, operation: operations[me], primitive: primitive, what: what))
  }

  // MARK: - What queues call

  /// `thread`'s operation, as an index into the trace's names (-1: none).
  func operation(of thread: Int) -> Int { operations[thread] }

  /// `me` submits `body` as a block: a thread of the schedule of its own, in `me`'s operation
  /// (or `operation`), blocked until its queue lets it run (`wake`). Its number. Happens-before
  /// passes from the submit to the block.
  package func spawn(_ me: Int, operation: Int? = nil, _ body: @escaping () -> Void) -> Int {
    // A finished block's place is taken again once everything it did happens before the
    // submit: its accesses are then ordered before the new block's, as a thread's own are.
    if let block = (threads..<status.count).first(where: {
      status[$0] == .finished && causality.covers(me, $0)
    }) {
      bodies[block] = body
      status[block] = .blocked
      operations[block] = operation ?? operations[me]
      causality.refork(block, from: me)
      chooser?.added(block)
      return block
    }
    let block = status.count
    guard block < Self.maxThreads else { fail(me, .noThreadForBlock(reason: nil)) }
    if block >= started, let reason = startThread(block) {
      fail(me, .noThreadForBlock(reason: reason))
    }
    bodies[block] = body
    status.append(.blocked)
    operations.append(operation ?? operations[me])
    causality.fork(from: me)
    chooser?.added(block)
    return block
  }
}
