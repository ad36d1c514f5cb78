/// Describes a wrapper for listings and results.
public struct WrapperInfo: Sendable {
  public var id: String
  public var summary: String
  /// False only for `unprotected`: its failures are findings, not failures of the run.
  public var isProtected: Bool

  public init(id: String, summary: String, isProtected: Bool = true) {
    self.id = id
    self.summary = summary
    self.isProtected = isProtected
  }
}
