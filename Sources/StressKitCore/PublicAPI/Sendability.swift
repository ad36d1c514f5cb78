/// Whether a type is `Sendable` in the toolchain that compiles the call, answered by overload
/// resolution: the constrained overload wins exactly when the conformance exists. A marker
/// protocol cannot be tested at run time, so this is asked where the type is named.
public enum Sendability {
  /// False: the type does not conform to `Sendable`.
  public static func of<T>(_ type: T.Type) -> Bool { false }
  /// True: the type conforms to `Sendable` (this overload is chosen when it does).
  public static func of<T: Sendable>(_ type: T.Type) -> Bool { true }
}
