/// A run that cannot be planned: every case is the user's to fix (exit 64 at the command line).
public struct PlanError: Error, Equatable, CustomStringConvertible {
  public var description: String

  public init(_ description: String) {
    self.description = description
  }
}
