import Foundation
import StressKit

/// What writes saw go wrong, kept for the end check: a write cannot fail a trial by itself.
/// Its lock is the subject's own bookkeeping, not under test.
final class WriteFailures: @unchecked Sendable {
  private let lock = NSLock()
  private var messages: [String] = []

  func add(_ message: String) {
    lock.lock()
    messages.append(message)
    lock.unlock()
  }

  /// Every message so far, as violations.
  func violations() -> Violations {
    lock.lock()
    defer { lock.unlock() }
    var violations = Violations()
    for message in messages { violations.add(message) }
    return violations
  }
}
