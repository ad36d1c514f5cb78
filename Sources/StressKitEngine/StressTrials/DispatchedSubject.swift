import StressKitCore

/// A subject reached through its protocol: the trial loops for it are compiled once, here, per
/// standard wrapper, and call the subject's operations through its witness table (a few ns
/// each, `stress bench`). Most Foundation calls cost a hundred times that; a subject whose
/// operations cost tens of ns is added with `Catalog.add(specializing:)` instead.
@usableFromInline
package final class DispatchedSubject: StressSubject, @unchecked Sendable {
  /// Never read: the trial takes its subject's description from `SubjectMaker`.
  @usableFromInline
  package static let info = SubjectInfo(
    id: "dispatched", summary: "a subject reached through its protocol", documented: .notListed,
    traits: .hidden)

  @usableFromInline let base: any StressSubject

  init(_ base: any StressSubject) {
    self.base = base
  }

  /// Only through `SubjectMaker`, which knows the type to make.
  @usableFromInline
  package init(shape: TrialShape) {
    preconditionFailure("a dispatched subject is made from the type it stands for")
  }

  @inlinable
  package func write(_ step: Step) { base.write(step) }

  @inlinable
  package func read(_ step: Step) -> String? { base.read(step) }

  @usableFromInline
  package func check(writesPerThread: [Int]) -> Violations {
    base.check(writesPerThread: writesPerThread)
  }

  /// The maker of dispatched subjects standing for `type`.
  static func maker(for type: any StressSubject.Type) -> SubjectMaker<DispatchedSubject> {
    SubjectMaker(info: type.info) { DispatchedSubject(type.init(shape: $0)) }
  }
}
