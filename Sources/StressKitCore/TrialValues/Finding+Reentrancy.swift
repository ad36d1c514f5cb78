extension Finding {
  /// An async call that suspended at an await inside it while other threads' calls ran, then
  /// went on: the actor reentrancy behind most failing actors, as the failing schedule shows
  /// it. What the call read before its await may have changed by the time it went on.
  package struct Reentrancy: Sendable, Codable, Equatable {
    /// The call's thread (from 1) and its operation.
    package var thread: Int
    package var operation: String
    /// The steps (from 1) where it suspended inside itself and where it returned.
    package var suspended: Int
    package var returned: Int
    /// The calls that ran in between, each "thread 2's withdraw(2)", in the order they ran.
    package var others: [String]
    /// Whether they ran whole (started or resumed, and returned) in between.
    package var whole: Bool

    package init(
      thread: Int, operation: String, suspended: Int, returned: Int, others: [String],
      whole: Bool
    ) {
      self.thread = thread
      self.operation = operation
      self.suspended = suspended
      self.returned = returned
      self.others = others
      self.whole = whole
    }
  }
}
