import StressKitCore
import StressPlatform

extension Exploration {
  /// `drawn`'s scenario run on this thread, outside the scheduler: the initial part, each
  /// thread's calls in turn, the post part. Its answers if no order explains them.
  static func sequentialFailure(_ drawn: Drawn, threads: Int, watch: ExplorerWatch)
    -> [[ModelValue]]?
  {
    var alone = Alone(drawn, on: M.make(), watch: watch)
    for lane in [threads] + Array(0..<threads) + [threads + 1] { alone.run(lane: lane) }
    let deadline = Platform.monotonicNanos() + UInt64(max(0.001, M.scenarios.checkSeconds) * 1e9)
    watch.enter(lane: ExplorerWatch.checking, index: 0)
    defer { watch.leave() }
    guard case .notLinearizable = drawn.checker.check(alone.history, deadline: deadline) else {
      return nil
    }
    return alone.results
  }

  /// Calls of `drawn` run on this thread, one logical tick apart: their answers by lane, and
  /// the history the checker reads (a controlled run adds its threads' calls in between).
  struct Alone {
    let drawn: Drawn
    let instance: M.Instance
    let watch: ExplorerWatch
    var results: [[ModelValue]]
    var history: [LinearizabilityChecker<Int, Int, Int>.Operation] = []
    var tick: UInt64 = 0

    init(_ drawn: Drawn, on instance: M.Instance, watch: ExplorerWatch) {
      self.drawn = drawn
      self.instance = instance
      self.watch = watch
      results = drawn.scenario.lanes.map { _ in [] }
    }

    /// Runs lane `lane`'s calls in order, each watched (`ExplorerWatch`); none once the
    /// caller has given up on one.
    mutating func run(lane: Int) {
      for (index, call) in drawn.scenario.lanes[lane].enumerated() {
        if watch.isAbandoned { return }
        tick += 1
        let start = tick
        watch.enter(lane: lane, index: index)
        // The blocks it handed to a queue run before the next call: it answers when they have.
        let settlement = BlockSettlement(timersAtOnce: true)
        let result = settlement.run(call: 0) {
          M.operations[call.operation].body(instance, call.choices)
        }
        _ = settlement.settle()
        watch.leave()
        tick += 1
        results[lane].append(result)
        history.append(
          .init(
            thread: lane, input: drawn.ids[lane][index],
            output: drawn.specification.number(of: result), call: start, response: tick))
      }
    }
  }
}
