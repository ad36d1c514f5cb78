/// Describes a wrapper for listings and results.
public struct WrapperInfo: Sendable {
  /// The id runs name it by (`lock`).
  public var id: String
  /// One line on what it does.
  public var summary: String
  /// False only for `unprotected`: its failures are findings, not failures of the run.
  public var isProtected: Bool
  /// Reads run together, unguarded against one another (a reader-writer lock): a subject
  /// whose every operation is a read is as bare under it as under `unprotected`.
  public var sharesReads: Bool

  /// A description; `isProtected` is false only for a wrapper that protects nothing, and
  /// `sharesReads` true for one that lets reads overlap.
  public init(id: String, summary: String, isProtected: Bool = true, sharesReads: Bool = false) {
    self.id = id
    self.summary = summary
    self.isProtected = isProtected
    self.sharesReads = sharesReads
  }
}
