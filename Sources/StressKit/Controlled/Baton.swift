import Foundation

/// The right to run, handed from one controlled thread to the next: `pass` lets the thread
/// waiting in `take` go on. A pthread condition underneath, so that ThreadSanitizer sees each
/// handoff order the state the two threads share.
final class Baton: @unchecked Sendable {
  private let condition = NSCondition()
  private var go = false

  /// Lets the thread waiting in `take` (or the next to call it) go on.
  func pass() {
    condition.lock()
    go = true
    condition.signal()
    condition.unlock()
  }

  /// Waits until the baton is passed.
  func take() {
    condition.lock()
    while !go { condition.wait() }
    go = false
    condition.unlock()
  }

  /// Waits until the baton is passed or `seconds` have gone by: whether it was passed.
  func take(within seconds: Double) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    let deadline = Date(timeIntervalSinceNow: seconds)
    while !go {
      if !condition.wait(until: deadline) { break }
    }
    let passed = go
    go = false
    return passed
  }
}
