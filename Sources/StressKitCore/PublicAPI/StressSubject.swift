/// A type under test, as it is shared between threads in a real program.
///
/// One instance is created per trial and shared by all its threads. Writes store values unique
/// to their `Step` (see `Token`); reads validate what they see as they see it; `check` validates
/// the end state. A subject is marked `@unchecked Sendable` because sharing it unprotected is
/// the very thing being tested.
public protocol StressSubject: AnyObject, Sendable {
  static var info: SubjectInfo { get }

  /// Fresh state for one trial.
  init(shape: TrialShape)

  /// One write operation. Read-only subjects never get this call.
  func write(_ step: Step)

  /// One read operation: nil if what it saw is something the writes could have produced,
  /// otherwise a description of what was wrong.
  func read(_ step: Step) -> String?

  /// The end-state check, given how many writes each thread completed.
  func check(writesPerThread: [Int]) -> Violations
}

extension StressSubject {
  /// Read-only subjects have no writes.
  public func write(_ step: Step) {}
}
