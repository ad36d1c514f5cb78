import Foundation
import StressKit

/// `Account`, which promises thread safety: deposits, withdrawals and the balance, checked
/// against the same class run on one thread. Its balance is its state, so equal balances are
/// explored once.
enum AccountTest: ModelTest {
  static let info = SubjectInfo(
    id: "account", summary: "Account: deposit, withdraw, balance", documented: .notListed,
    expectations: [.neverFails(.unprotected, because: "Account documents itself as thread-safe")])
  static func make() -> Account<NSLock> { Account(lock: NSLock()) }
  static func state(of account: Account<NSLock>) -> AnyHashable? { account.currentBalance }
  static let operations: [ModelOperation<Account<NSLock>>] = [
    .write("deposit", [1, 2]) { $0.deposit($1) },
    .write("withdraw", [1, 2]) { $0.withdraw($1) },
    .read("balance") { $0.currentBalance },
  ]
}

/// The same test for `FixedAccount`.
enum FixedAccountTest: ModelTest {
  static let info = SubjectInfo(
    id: "fixed-account", summary: "FixedAccount: the same operations", documented: .notListed,
    expectations: [
      .neverFails(.unprotected, because: "FixedAccount documents itself as thread-safe")
    ])
  static func make() -> FixedAccount<NSLock> { FixedAccount(lock: NSLock()) }
  static func state(of account: FixedAccount<NSLock>) -> AnyHashable? { account.currentBalance }
  static let operations: [ModelOperation<FixedAccount<NSLock>>] = [
    .write("deposit", [1, 2]) { $0.deposit($1) },
    .write("withdraw", [1, 2]) { $0.withdraw($1) },
    .read("balance") { $0.currentBalance },
  ]
}
