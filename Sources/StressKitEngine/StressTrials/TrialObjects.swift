/// A trial's subjects and wrapper as its threads and tasks reach them: through this box, which
/// the trial empties before it ends. A thread still ending after it left the trial then lets go
/// of the box only, so a subject's last release (its deinit, where a race's damage to its
/// memory can surface as a crash) happens inside the trial that damaged it, not in the worker's
/// next trial, which would be blamed for it.
@usableFromInline
final class TrialObjects<Value>: @unchecked Sendable {
  // Written before the threads start and after they all left; read by them in between.
  @usableFromInline var value: Value?

  @usableFromInline
  init(_ value: Value) { self.value = value }

  @usableFromInline
  func clear() { value = nil }
}
