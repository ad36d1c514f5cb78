import Foundation
import StressPlatform
import Synchronization

/// When the blocks that calls handed to a `ScheduledQueue` outside a controlled run have
/// ended: the checker reads an operation that submits work to a queue as answered when its
/// last block has run (the PhotoManager's barrier store takes effect when the barrier block
/// has run, not when `addPhoto` returns).
///
/// Whoever runs calls sets one around each (`run(call:)`): a stress trial's lanes, the
/// explorer's initial and post parts, the sequential specification. A block submitted inside
/// a call, or inside one of its blocks, is counted for that call until it ends; `settle` waits
/// for all of them and answers when each call's last one ended.
package final class BlockSettlement: @unchecked Sendable {
  /// The call the calling thread runs, and its settlement.
  final class Call: @unchecked Sendable {
    let settlement: BlockSettlement
    let key: Int
    init(_ settlement: BlockSettlement, _ key: Int) {
      self.settlement = settlement
      self.key = key
    }
  }

  private static let current = Platform.ThreadLocal<Call>()
  /// Whether this process has made a `ScheduledQueue`: until then no call can submit a block,
  /// and a caller need not set a settlement.
  private static let queuesMade = Atomic<Bool>(false)
  private let condition = NSCondition()
  /// Whether its calls run one at a time, where no other thread's timing matters (a
  /// specification, the explorer's own parts): an `asyncAfter` then submits its block at once,
  /// on virtual time, rather than make the run wait for its deadline.
  let timersAtOnce: Bool
  private var pending = 0
  private var ends: [Int: UInt64] = [:]

  package init(timersAtOnce: Bool = false) { self.timersAtOnce = timersAtOnce }

  /// Whether calls may submit blocks: some `ScheduledQueue` was made.
  package static var needed: Bool { queuesMade.load(ordering: .relaxed) }

  static func queueMade() {
    if !queuesMade.load(ordering: .relaxed) { queuesMade.store(true, ordering: .relaxed) }
  }

  /// Runs `body` as the call `key`: the blocks it submits are counted for it.
  package func run<T>(call key: Int, _ body: () throws -> T) rethrows -> T {
    let outer = Self.current.value
    let call = Call(self, key)
    Self.current.value = call
    defer {
      Self.current.value = outer
      withExtendedLifetime(call) {}
    }
    return try body()
  }

  /// Whether the calling thread runs a call under a settlement.
  static var counting: Bool { current.value != nil }

  /// Whether the calling thread's timers fire at once (`timersAtOnce`).
  static var timersFireAtOnce: Bool { current.value?.settlement.timersAtOnce ?? false }

  /// `work` as the calling thread submits it now: counted, if it runs a call under a
  /// settlement, until it ends, and the blocks it submits in turn with it.
  @usableFromInline
  static func wrap(_ work: @escaping @Sendable () -> Void) -> @Sendable () -> Void {
    guard let call = current.value else { return work }
    call.settlement.condition.lock()
    call.settlement.pending += 1
    call.settlement.condition.unlock()
    return {
      let outer = current.value
      current.value = call
      work()
      current.value = outer
      call.settlement.ended(call.key)
    }
  }

  private func ended(_ key: Int) {
    let now = Platform.monotonicNanos()
    condition.lock()
    ends[key] = max(ends[key] ?? 0, now)
    pending -= 1
    if pending == 0 { condition.broadcast() }
    condition.unlock()
  }

  /// Waits until every block counted has ended: when each call's last one ended, by key (a
  /// call that submitted none is not there).
  package func settle() -> [Int: UInt64] {
    condition.lock()
    defer { condition.unlock() }
    while pending > 0 { condition.wait() }
    return ends
  }
}
