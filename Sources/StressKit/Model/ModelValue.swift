/// An argument or a result of a model test's operation, compared by value.
///
/// Only ever made from a `Hashable & Sendable` value, which is why it is Sendable itself
/// (AnyHashable is not, whatever it holds).
package struct ModelValue: Hashable, @unchecked Sendable {
  package let base: AnyHashable

  package init<Value: Hashable & Sendable>(_ value: Value) {
    base = AnyHashable(value)
  }
}
