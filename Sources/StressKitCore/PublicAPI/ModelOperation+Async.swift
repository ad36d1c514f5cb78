/// Operations whose calls are async: an actor's methods, or any type's async ones.
///
/// ```swift
/// static let operations: [ModelOperation<Account>] = [
///   .write("withdraw", [1, 2]) { await $0.withdraw($1) },
///   .read("balance") { await $0.balance },
/// ]
/// ```
///
/// Under stress each thread's calls are made by a task, the threads' tasks started together on
/// the global executor, as an app makes them; a call starts when its task starts it and answers
/// when it returns. A closure without an `await` picks the synchronous overload.
extension ModelOperation {
  static func unary<A: Hashable & Sendable>(
    _ name: String, isRead: Bool, _ a: some Sequence<A>,
    async call: @escaping @Sendable (Instance, A) async -> ModelValue
  ) -> Self {
    let a = Array(a)
    return Self(name, isRead: isRead, domains: [a.map(ModelValue.init)]) {
      instance, choices async in await call(instance, a[choices[0]])
    }
  }

  static func binary<A: Hashable & Sendable, B: Hashable & Sendable>(
    _ name: String, isRead: Bool, _ a: some Sequence<A>, _ b: some Sequence<B>,
    async call: @escaping @Sendable (Instance, A, B) async -> ModelValue
  ) -> Self {
    let (a, b) = (Array(a), Array(b))
    return Self(name, isRead: isRead, domains: [a.map(ModelValue.init), b.map(ModelValue.init)]) {
      instance, choices async in await call(instance, a[choices[0]], b[choices[1]])
    }
  }

  /// An async operation that only reads.
  public static func read<R: Hashable & Sendable>(
    _ name: String, _ body: @escaping @Sendable (Instance) async -> R
  ) -> Self {
    Self(name, isRead: true, domains: []) { instance, _ async in ModelValue(await body(instance)) }
  }

  /// An async operation that only reads, with one argument drawn from `a`.
  public static func read<A: Hashable & Sendable, R: Hashable & Sendable>(
    _ name: String, _ a: some Sequence<A>, _ body: @escaping @Sendable (Instance, A) async -> R
  ) -> Self {
    unary(name, isRead: true, a) { ModelValue(await body($0, $1)) }
  }

  /// An async operation that only reads, with arguments drawn from `a` and `b`.
  public static func read<A: Hashable & Sendable, B: Hashable & Sendable, R: Hashable & Sendable>(
    _ name: String, _ a: some Sequence<A>, _ b: some Sequence<B>,
    _ body: @escaping @Sendable (Instance, A, B) async -> R
  ) -> Self {
    binary(name, isRead: true, a, b) { ModelValue(await body($0, $1, $2)) }
  }

  /// An async operation that writes and returns a result.
  public static func write<R: Hashable & Sendable>(
    _ name: String, _ body: @escaping @Sendable (Instance) async -> R
  ) -> Self {
    Self(name, isRead: false, domains: []) { instance, _ async in ModelValue(await body(instance)) }
  }

  /// An async operation that writes.
  public static func write(_ name: String, _ body: @escaping @Sendable (Instance) async -> Void)
    -> Self
  {
    Self(name, isRead: false, domains: []) { instance, _ async in
      await body(instance)
      return .noResult
    }
  }

  /// An async operation that writes and returns a result, with one argument drawn from `a`.
  public static func write<A: Hashable & Sendable, R: Hashable & Sendable>(
    _ name: String, _ a: some Sequence<A>, _ body: @escaping @Sendable (Instance, A) async -> R
  ) -> Self {
    unary(name, isRead: false, a) { ModelValue(await body($0, $1)) }
  }

  /// An async operation that writes, with one argument drawn from `a`.
  public static func write<A: Hashable & Sendable>(
    _ name: String, _ a: some Sequence<A>, _ body: @escaping @Sendable (Instance, A) async -> Void
  ) -> Self {
    unary(name, isRead: false, a) {
      await body($0, $1)
      return .noResult
    }
  }

  /// An async operation that writes and returns a result, with arguments drawn from `a` and `b`.
  public static func write<A: Hashable & Sendable, B: Hashable & Sendable, R: Hashable & Sendable>(
    _ name: String, _ a: some Sequence<A>, _ b: some Sequence<B>,
    _ body: @escaping @Sendable (Instance, A, B) async -> R
  ) -> Self {
    binary(name, isRead: false, a, b) { ModelValue(await body($0, $1, $2)) }
  }

  /// An async operation that writes, with arguments drawn from `a` and `b`.
  public static func write<A: Hashable & Sendable, B: Hashable & Sendable>(
    _ name: String, _ a: some Sequence<A>, _ b: some Sequence<B>,
    _ body: @escaping @Sendable (Instance, A, B) async -> Void
  ) -> Self {
    binary(name, isRead: false, a, b) {
      await body($0, $1, $2)
      return .noResult
    }
  }
}
