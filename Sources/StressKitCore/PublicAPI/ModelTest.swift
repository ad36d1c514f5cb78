/// A type stressed by its operations alone: list them, and every concurrent outcome is checked
/// for linearizability against the same type run on one thread (Lincheck's way). No oracle to
/// write.
///
/// ```swift
/// struct CounterTest: ModelTest {
///   static let info = SubjectInfo(id: "counter", summary: "Counter", documented: .notListed)
///   static func make() -> Counter { Counter() }
///   static let operations: [ModelOperation<Counter>] = [
///     .write("increment") { $0.increment() },
///     .read("value") { $0.value },
///   ]
/// }
/// ```
///
/// Add it to a catalog as any subject (`catalog.add(CounterTest.self)`): it runs in worker
/// processes under every wrapper and thread count, and a history no sequential order explains
/// is a `corrupt` trial whose detail is the shrunk scenario.
public protocol ModelTest: Sendable {
  /// The type under test: a class, shared by every thread of an invocation.
  associatedtype Instance

  /// Its id, what is documented about it and what must hold (`neverFails`), as a subject's.
  static var info: SubjectInfo { get }
  /// The operations scenarios are drawn from.
  static var operations: [ModelOperation<Instance>] { get }
  /// A fresh instance under test.
  static func make() -> Instance
  /// A fresh instance of the sequential specification, run on one thread to say what each
  /// operation may answer. By default `make()`: the type is its own specification. Return a
  /// simpler implementation of the same protocol to check against a model instead.
  static func makeSpecification() -> Instance
  /// The specification's state, when it can be told: states that compare equal are explored
  /// once, which makes failing checks far cheaper. nil (the default): never merged. Tell the
  /// fresh specification's state too: a test whose fresh specification has none is never
  /// asked again.
  static func state(of specification: Instance) -> AnyHashable?
  /// The scenarios' shape and the checks' limits.
  static var scenarios: ScenarioOptions { get }
}

extension ModelTest {
  /// The type is its own sequential specification.
  public static func makeSpecification() -> Instance { make() }
  /// States are not compared.
  public static func state(of specification: Instance) -> AnyHashable? { nil }
  /// The default shape (`ScenarioOptions()`).
  public static var scenarios: ScenarioOptions { ScenarioOptions() }
}

extension ModelTest {
  /// Whether an operation is async: the test runs bare, each lane's calls made by a task.
  package static var isAsync: Bool { operations.contains { $0.isAsync } }
}
