import StressKitCore

/// An account actor whose withdraw checks the balance, awaits an audit, then debits: the
/// actor runs other calls during the await (reentrancy), so two withdrawals that each saw
/// enough both succeed and overdraw it. The fix debits before it awaits.
package actor SelfTestAccountActor {
  private var balance = 2
  private let debitsFirst: Bool

  init(debitsFirst: Bool) { self.debitsFirst = debitsFirst }

  func withdraw(_ amount: Int) async -> Bool {
    guard balance >= amount else { return false }
    if debitsFirst { balance -= amount }
    await audit(amount)
    if !debitsFirst { balance -= amount }
    return true
  }

  func deposit(_ amount: Int) { balance += amount }

  var current: Int { balance }

  /// A suspension, as a call to an audit service would be: the actor is free meanwhile.
  private func audit(_ amount: Int) async { await Task.yield() }

  static let operations: [ModelOperation<SelfTestAccountActor>] = [
    .write("withdraw", [1, 2]) { await $0.withdraw($1) },
    .write("deposit", [1]) { await $0.deposit($1) },
    .read("balance") { await $0.current },
  ]
}

/// The reentrant account, as an async model test: not linearizable.
package enum SelfTestAsyncAccount: ModelTest {
  package static let info = SubjectInfo(
    id: "selftest-async-account",
    summary: "self-test async model: an actor's withdraw checks, awaits, then debits",
    documented: .notListed, traits: [.hidden])
  package static func make() -> SelfTestAccountActor { SelfTestAccountActor(debitsFirst: false) }
  package static var operations: [ModelOperation<SelfTestAccountActor>] {
    SelfTestAccountActor.operations
  }
}

/// Its fix, which debits before the await: never fails.
package enum SelfTestAsyncAccountFixed: ModelTest {
  package static let info = SubjectInfo(
    id: "selftest-async-account-fixed",
    summary: "self-test async model: the actor's withdraw debits before it awaits",
    documented: .notListed,
    expectations: [.neverFails(.everyWrapper, because: "its withdraw debits before it awaits")],
    traits: [.hidden])
  package static func make() -> SelfTestAccountActor { SelfTestAccountActor(debitsFirst: true) }
  package static var operations: [ModelOperation<SelfTestAccountActor>] {
    SelfTestAccountActor.operations
  }
}
