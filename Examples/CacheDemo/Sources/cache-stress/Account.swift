import Foundation
import StressKit

/// A bank account as apps write them: every method takes the lock. Yet `withdraw` checks the
/// balance, then debits it, under two acquisitions: two withdrawals that each fit the balance
/// both succeed, and the balance goes below zero. Its lock is a type parameter, as `Cache`'s.
final class Account<Lock: LockPrimitive>: @unchecked Sendable {
  init(lock: Lock) { self.lock = lock }

  private let lock: Lock
  private var balance = 0

  var currentBalance: Int { lock.locked { balance } }

  func deposit(_ amount: Int) { lock.locked { balance += amount } }

  /// The bug: the check and the debit are not one critical section.
  func withdraw(_ amount: Int) -> Bool {
    guard currentBalance >= amount else { return false }
    lock.locked { balance -= amount }
    return true
  }
}

/// The fix: check and debit under one acquisition.
final class FixedAccount<Lock: LockPrimitive>: @unchecked Sendable {
  init(lock: Lock) { self.lock = lock }

  private let lock: Lock
  private var balance = 0

  var currentBalance: Int { lock.locked { balance } }

  func deposit(_ amount: Int) { lock.locked { balance += amount } }

  func withdraw(_ amount: Int) -> Bool {
    lock.locked {
      guard balance >= amount else { return false }
      balance -= amount
      return true
    }
  }
}
