/// An outcome known by construction, declared by a subject (jcstress's FORBIDDEN): under these
/// wrappers the subject must never fail. A run that contradicts it fails (exit 1) and says which
/// expectation broke. Protected wrappers must never fail anyway; an expectation extends that to
/// `unprotected` where a language or API guarantee says so (a `static let` is initialized once),
/// or states a type's own promise (a class that claims to be thread-safe).
///
/// Never use one to record what a run happened to show: that is the run's job.
public struct Expectation: Sendable, Equatable {
  /// Which wrappers an expectation speaks for.
  public enum Scope: Sendable, Equatable {
    /// Every wrapper, `unprotected` included.
    case everyWrapper
    /// Only `unprotected`: the type alone.
    case unprotected
    /// One wrapper, by id.
    case wrapper(String)
  }

  /// The wrappers it speaks for.
  public var scope: Scope
  /// Why it must hold, in words, shown when it breaks.
  public var reason: String

  /// The subject never fails (no corrupt read or end state, no crash, no hang) under `scope`.
  public static func neverFails(_ scope: Scope, because reason: String) -> Expectation {
    Expectation(scope: scope, reason: reason)
  }

  /// Whether the expectation holds for cells under `wrapper`.
  public func covers(_ wrapper: WrapperInfo) -> Bool {
    switch scope {
    case .everyWrapper: true
    case .unprotected: !wrapper.isProtected
    case .wrapper(let id): wrapper.id == id
    }
  }
}
