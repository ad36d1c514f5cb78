/// A protection around a shared subject: a lock, a queue, or nothing at all.
///
/// One instance is created per trial. Each operation the threads perform goes through `read` or
/// `write`; adding a wrapper is one type conforming to this protocol.
public protocol Wrapper: AnyObject, Sendable {
  static var info: WrapperInfo { get }

  init()

  func read<S: StressSubject>(_ subject: S, _ step: Step) -> String?
  func write<S: StressSubject>(_ subject: S, _ step: Step)

  /// Waits until every write handed to `write` has taken effect (for wrappers that defer them).
  func drain()
}

extension Wrapper {
  /// Nothing to wait for: most wrappers apply writes at once.
  public func drain() {}
}
