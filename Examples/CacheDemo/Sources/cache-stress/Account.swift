import Foundation

/// A bank account as apps write them: every method takes the lock. Yet `withdraw` checks the
/// balance, then debits it, under two acquisitions: two withdrawals that each fit the balance
/// both succeed, and the balance goes below zero.
final class Account: @unchecked Sendable {
  init() {}

  private let lock = NSLock()
  private var balance = 0

  var currentBalance: Int { lock.withLock { balance } }

  func deposit(_ amount: Int) { lock.withLock { balance += amount } }

  /// The bug: the check and the debit are not one critical section.
  func withdraw(_ amount: Int) -> Bool {
    guard currentBalance >= amount else { return false }
    lock.withLock { balance -= amount }
    return true
  }
}

/// The fix: check and debit under one acquisition.
final class FixedAccount: @unchecked Sendable {
  init() {}

  private let lock = NSLock()
  private var balance = 0

  var currentBalance: Int { lock.withLock { balance } }

  func deposit(_ amount: Int) { lock.withLock { balance += amount } }

  func withdraw(_ amount: Int) -> Bool {
    lock.withLock {
      guard balance >= amount else { return false }
      balance -= amount
      return true
    }
  }
}
