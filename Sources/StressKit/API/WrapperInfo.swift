/// Describes a wrapper for listings and results.
public struct WrapperInfo: Sendable {
  /// The id runs name it by (`lock`).
  public var id: String
  /// One line on what it does.
  public var summary: String
  /// False only for `unprotected`: its failures are findings, not failures of the run.
  public var isProtected: Bool

  /// A description; `isProtected` is false only for a wrapper that protects nothing.
  public init(id: String, summary: String, isProtected: Bool = true) {
    self.id = id
    self.summary = summary
    self.isProtected = isProtected
  }
}
