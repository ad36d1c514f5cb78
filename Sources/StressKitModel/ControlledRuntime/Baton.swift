import Foundation
import StressPlatform
import Synchronization

/// The right to run, handed from one controlled thread to the next: `pass` lets the thread
/// waiting in `take` (or the next to call it) go on.
///
/// The taker spins briefly on an atomic flag before it sleeps on a condition: a schedule
/// hands control back and forth every few steps, and a wake-up from sleep costs several
/// microseconds where a spinning taker sees the flag within a fraction of one. The flag's
/// release and acquire order the state the two threads share, for ThreadSanitizer too.
final class Baton: @unchecked Sendable {
  private let flag = Atomic<Bool>(false)
  private let condition = NSCondition()
  /// Whether the taker sleeps on `condition`: read and written under its lock.
  private var sleeping = false
  /// Polls of the flag before sleeping, giving the core away every `yieldEvery`: long enough
  /// that a thread passed the baton back within a schedule, or at the next schedule's start,
  /// is still awake. At 256 polls and no yield, a handoff often found its taker asleep, and
  /// each wake-up woke the next: 4.5k schedules a second against 18.9k (2 threads, release).
  private static let spins = 16_384
  /// Polls between yields: on 2 cores a spinning taker must not starve the running thread.
  private static let yieldEvery = 64

  /// Lets the thread waiting in `take` (or the next to call it) go on.
  func pass() {
    flag.store(true, ordering: .releasing)
    condition.lock()
    if sleeping { condition.signal() }
    condition.unlock()
  }

  /// Takes the flag if it is passed.
  @inline(__always)
  private func grab() -> Bool {
    flag.compareExchange(expected: true, desired: false, ordering: .acquiring).exchanged
  }

  /// Waits until the baton is passed.
  func take() {
    for i in 0..<Self.spins {
      if grab() { return }
      if i % Self.yieldEvery == Self.yieldEvery - 1 { Platform.yield() }
    }
    condition.lock()
    sleeping = true
    while !grab() { condition.wait() }
    sleeping = false
    condition.unlock()
  }

  /// Waits until the baton is passed or `seconds` have gone by: whether it was passed.
  func take(within seconds: Double) -> Bool {
    if grab() { return true }
    condition.lock()
    defer { condition.unlock() }
    sleeping = true
    defer { sleeping = false }
    let deadline = Date(timeIntervalSinceNow: seconds)
    while !grab() {
      if !condition.wait(until: deadline) { return grab() }
    }
    return true
  }
}
