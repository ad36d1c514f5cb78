import StressKitCore

/// What the trial code needs of a subject's type: its description and a way to make one.
/// Passed as a value so the same loop serves a subject known at compile time and one known
/// only at run time (`DispatchedSubject`).
@usableFromInline
package struct SubjectMaker<S: StressSubject>: Sendable {
  @usableFromInline let info: SubjectInfo
  @usableFromInline let make: @Sendable (TrialShape) -> S

  /// A subject type known where the trial loop is compiled.
  @inlinable
  init(_: S.Type) {
    info = S.info
    make = { S(shape: $0) }
  }

  init(info: SubjectInfo, make: @escaping @Sendable (TrialShape) -> S) {
    self.info = info
    self.make = make
  }
}
