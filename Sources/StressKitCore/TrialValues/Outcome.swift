/// How a trial ended, from best to worst.
@usableFromInline
package enum Outcome: String, Sendable, Codable, CaseIterable, Comparable {
  /// Every read and the end state checked out.
  case ok
  /// A read or the end-state check found something no write could have produced.
  case corrupt
  /// The worker died: a signal or a runtime trap.
  case crash
  /// No result by the trial's deadline; the worker was killed.
  case hang
  /// The harness or the subject is broken (e.g. the subject fails single-threaded).
  case error

  @usableFromInline
  package static func < (a: Outcome, b: Outcome) -> Bool {
    allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
  }

  /// Whether the subject misbehaved under concurrency.
  @usableFromInline
  package var isFailure: Bool { self != .ok }
}
