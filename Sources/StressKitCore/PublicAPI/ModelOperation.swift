/// One operation of a model test: a name, whether it only reads, the small domains its
/// arguments are drawn from, and the call itself over the type under test.
///
/// Results are compared with the sequential specification's, so they must be `Hashable`
/// values (an `Int`, an optional, a tuple of them made a struct), never identities. Arguments
/// come from small domains (`0..<4`) so that operations of different threads collide.
public struct ModelOperation<Instance>: Sendable {
  /// The name shown in scenarios: `put(1, 2)`.
  public let name: String
  /// Only reads: reader-writer wrappers let it run beside other reads.
  public let isRead: Bool
  /// Whether its first argument is a key that no other key's operations touch, so histories
  /// can be checked key by key (see `keyed()`).
  public private(set) var isKeyed = false
  package let domains: [[ModelValue]]
  /// The call, given each argument's index in its domain. An async operation's runs its
  /// async call to completion on the calling thread (`InlineExecutor`).
  package let body: @Sendable (Instance, [Int]) -> ModelValue
  /// An async operation's call (`ModelOperation+Async`), which lanes under stress make from
  /// their tasks; nil for a synchronous one.
  package let asyncBody: (@Sendable (Instance, [Int]) async -> ModelValue)?

  /// Whether the call is async: it is made from a task, and answers when it returns.
  public var isAsync: Bool { asyncBody != nil }

  init(
    _ name: String, isRead: Bool, domains: [[ModelValue]],
    _ body: @escaping @Sendable (Instance, [Int]) -> ModelValue
  ) {
    precondition(domains.allSatisfy { !$0.isEmpty }, "\(name): an argument domain is empty")
    self.name = name
    self.isRead = isRead
    self.domains = domains
    self.body = body
    asyncBody = nil
  }

  init(
    _ name: String, isRead: Bool, domains: [[ModelValue]],
    async body: @escaping @Sendable (Instance, [Int]) async -> ModelValue
  ) {
    precondition(domains.allSatisfy { !$0.isEmpty }, "\(name): an argument domain is empty")
    self.name = name
    self.isRead = isRead
    self.domains = domains
    self.body = { instance, choices in
      // The instance is shared between threads on purpose, as under every wrapper.
      nonisolated(unsafe) let instance = instance
      return InlineExecutor.run { await body(instance, choices) }
    }
    asyncBody = body
  }

  /// The same operation, declared keyed by its first argument: when every operation of a test
  /// is keyed, each key's operations are checked on their own (P-compositionality), which is
  /// far cheaper. Only for types whose keys are independent, as a map's entries are.
  public func keyed() -> Self {
    precondition(!domains.isEmpty, "\(name): a keyed operation needs an argument")
    var copy = self
    copy.isKeyed = true
    return copy
  }
}

extension ModelOperation {
  /// An operation of one argument from `a`, its call answering a value.
  static func unary<A: Hashable & Sendable>(
    _ name: String, isRead: Bool, _ a: some Sequence<A>,
    _ call: @escaping @Sendable (Instance, A) -> ModelValue
  ) -> Self {
    let a = Array(a)
    return Self(name, isRead: isRead, domains: [a.map(ModelValue.init)]) { instance, choices in
      call(instance, a[choices[0]])
    }
  }

  /// An operation of two arguments from `a` and `b`, its call answering a value.
  static func binary<A: Hashable & Sendable, B: Hashable & Sendable>(
    _ name: String, isRead: Bool, _ a: some Sequence<A>, _ b: some Sequence<B>,
    _ call: @escaping @Sendable (Instance, A, B) -> ModelValue
  ) -> Self {
    let (a, b) = (Array(a), Array(b))
    return Self(name, isRead: isRead, domains: [a.map(ModelValue.init), b.map(ModelValue.init)]) {
      instance, choices in call(instance, a[choices[0]], b[choices[1]])
    }
  }

  /// An operation that only reads.
  public static func read<R: Hashable & Sendable>(
    _ name: String, _ body: @escaping @Sendable (Instance) -> R
  ) -> Self {
    Self(name, isRead: true, domains: []) { instance, _ in ModelValue(body(instance)) }
  }

  /// An operation that only reads, with one argument drawn from `a`.
  public static func read<A: Hashable & Sendable, R: Hashable & Sendable>(
    _ name: String, _ a: some Sequence<A>, _ body: @escaping @Sendable (Instance, A) -> R
  ) -> Self {
    unary(name, isRead: true, a) { ModelValue(body($0, $1)) }
  }

  /// An operation that only reads, with arguments drawn from `a` and `b`.
  public static func read<A: Hashable & Sendable, B: Hashable & Sendable, R: Hashable & Sendable>(
    _ name: String, _ a: some Sequence<A>, _ b: some Sequence<B>,
    _ body: @escaping @Sendable (Instance, A, B) -> R
  ) -> Self {
    binary(name, isRead: true, a, b) { ModelValue(body($0, $1, $2)) }
  }

  /// An operation that writes and returns a result.
  public static func write<R: Hashable & Sendable>(
    _ name: String, _ body: @escaping @Sendable (Instance) -> R
  ) -> Self {
    Self(name, isRead: false, domains: []) { instance, _ in ModelValue(body(instance)) }
  }

  /// An operation that writes.
  public static func write(_ name: String, _ body: @escaping @Sendable (Instance) -> Void)
    -> Self
  {
    Self(name, isRead: false, domains: []) { instance, _ in
      body(instance)
      return .noResult
    }
  }

  /// An operation that writes and returns a result, with one argument drawn from `a`.
  public static func write<A: Hashable & Sendable, R: Hashable & Sendable>(
    _ name: String, _ a: some Sequence<A>, _ body: @escaping @Sendable (Instance, A) -> R
  ) -> Self {
    unary(name, isRead: false, a) { ModelValue(body($0, $1)) }
  }

  /// An operation that writes, with one argument drawn from `a`.
  public static func write<A: Hashable & Sendable>(
    _ name: String, _ a: some Sequence<A>, _ body: @escaping @Sendable (Instance, A) -> Void
  ) -> Self {
    unary(name, isRead: false, a) {
      body($0, $1)
      return .noResult
    }
  }

  /// An operation that writes and returns a result, with arguments drawn from `a` and `b`.
  public static func write<A: Hashable & Sendable, B: Hashable & Sendable, R: Hashable & Sendable>(
    _ name: String, _ a: some Sequence<A>, _ b: some Sequence<B>,
    _ body: @escaping @Sendable (Instance, A, B) -> R
  ) -> Self {
    binary(name, isRead: false, a, b) { ModelValue(body($0, $1, $2)) }
  }

  /// An operation that writes, with arguments drawn from `a` and `b`.
  public static func write<A: Hashable & Sendable, B: Hashable & Sendable>(
    _ name: String, _ a: some Sequence<A>, _ b: some Sequence<B>,
    _ body: @escaping @Sendable (Instance, A, B) -> Void
  ) -> Self {
    binary(name, isRead: false, a, b) {
      body($0, $1, $2)
      return .noResult
    }
  }
}
