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

  /// When operation `operation` took effect as a whole: its own answer at `response`, or
  /// later, when the last block it submitted finished.
  package func settled(_ operation: Int, response: UInt64) -> UInt64 {
    answered.indices.contains(operation) ? max(response, answered[operation]) : response
  }

  // MARK: - What queues call

  /// `me` submits `body` as a block: a thread of the schedule of its own, in `me`'s operation,
  /// blocked until its queue lets it run (`wake`). Its number. Happens-before passes from the
  /// submit to the block.
  package func spawn(_ me: Int, _ body: @escaping () -> Void) -> Int {
    let block = status.count
    guard block < Self.maxThreads else { fail(me, .noThreadForBlock(reason: nil)) }
    if block >= started, let reason = startThread(block) {
      fail(me, .noThreadForBlock(reason: reason))
    }
    bodies[block] = body
    status.append(.blocked)
    operations.append(operations[me])
    causality.fork(from: me)
    chooser?.added(block)
    return block
  }
}
