/// A run that cannot be planned. Almost every case is the user's to fix (exit 64 at the
/// command line); `isRuntime` marks the ones the system caused (a suite file that exists but
/// cannot be read), which are runtime failures (exit 2).
public struct PlanError: Error, Equatable, CustomStringConvertible {
  public var description: String
  /// The system, not what the user typed, stopped the plan.
  public var isRuntime = false

  public init(_ description: String, isRuntime: Bool = false) {
    self.description = description
    self.isRuntime = isRuntime
  }
}
