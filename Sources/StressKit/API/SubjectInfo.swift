/// Describes a subject: how it is named, what is documented about it, and how it is driven.
public struct SubjectInfo: Sendable {
  /// The id used on the command line, in suites and in the CSV (`swift-array`).
  public var id: String
  /// One line for `stress list`.
  public var summary: String
  /// What Apple's Thread Safety Summary says about the type under test.
  public var documented: DocumentedSafety
  /// The share of operations that are reads when neither the suite nor the user sets one.
  public var defaultReadRatio: Double
  /// A read-only subject has no write operation: every operation is a read.
  public var readOnly: Bool
  /// Hidden subjects (the harness's self-tests) are left out of `stress list`.
  public var hidden: Bool
  /// The subject reproduces a misuse that fails even on one thread (a deadlock): it skips the
  /// single-threaded sanity pass, and its failures alone are findings, not a broken subject.
  public var failsAlone: Bool

  public init(
    id: String, summary: String, documented: DocumentedSafety, defaultReadRatio: Double = 0.5,
    readOnly: Bool = false, hidden: Bool = false, failsAlone: Bool = false
  ) {
    self.failsAlone = failsAlone
    self.id = id
    self.summary = summary
    self.documented = documented
    self.defaultReadRatio = readOnly ? 1 : defaultReadRatio
    self.readOnly = readOnly
    self.hidden = hidden
  }
}
