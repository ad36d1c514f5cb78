/// Describes a subject: how it is named, what is documented about it, and how it is driven.
public struct SubjectInfo: Sendable {
  /// The id used on the command line, in suites and in the CSV (`swift-array`).
  public var id: String
  /// One line for `stress list`.
  public var summary: String
  /// What Apple's Thread Safety Summary says about the type under test (`.notListed` for a
  /// type on neither of its lists, whatever else is written about it).
  public var documented: DocumentedSafety
  /// What the class's own reference says that the Summary does not, with its source
  /// ("NSCache reference: ..."); nil if nothing.
  public var reference: String?
  /// Whether the type under test conforms to `Sendable` in the toolchain that built this
  /// subject: set it with `Sendability.of(T.self)`, which the compiler answers; nil if unstated.
  public var sendable: Bool?
  /// What must hold by construction, whatever the run finds (see `Expectation`).
  public var expectations: [Expectation]
  /// The share of operations that are reads when neither the suite nor the user sets one.
  public var defaultReadRatio: Double
  /// How it is driven beyond its reads and writes.
  public var traits: SubjectTraits
  /// The calls its operations make on the type under test (`"format(.file)"`), so a verdict
  /// is read as covering these and no others.
  public var calls: [String]
  /// What its inputs are drawn from, edge values first (`InputDomain.summary`).
  public var inputs: [String]
  /// The edge values a focused trial can pin (`InputDomain.edges`), in the domain's order: the
  /// planner gives every (call, edge value) pair trials in which every thread makes that one
  /// call on that one value (`TrialShape.focus`). Empty: the subject runs mixed trials only. A
  /// subject that declares them must honour `TrialShape.focus`.
  public var edges: [String]
  /// What of the type it leaves out that an application may also do, call by call with the
  /// reason: `"what: why"` items joined by `"; "` (the catalog's form); nil if unstated.
  public var leavesOut: String?

  /// No write operation: every operation is a read.
  public var readOnly: Bool { traits.contains(.readOnly) }
  /// Left out of `stress list`.
  public var hidden: Bool { traits.contains(.hidden) }
  /// Fails even alone, by design: no sanity pass, its failures are findings.
  public var failsAlone: Bool { traits.contains(.failsAlone) }
  /// A fresh worker for every trial.
  public var freshProcess: Bool { traits.contains(.freshProcess) }
  /// Keeps per-thread order: no dispatch-apply driver.
  public var ordersPerThread: Bool { traits.contains(.ordersPerThread) }

  /// A subject's description; only `id`, `summary` and `documented` are required.
  public init(
    id: String, summary: String, documented: DocumentedSafety, reference: String? = nil,
    sendable: Bool? = nil, expectations: [Expectation] = [], defaultReadRatio: Double = 0.5,
    traits: SubjectTraits = [], calls: [String] = [], inputs: [String] = [],
    edges: [String] = [], leavesOut: String? = nil
  ) {
    self.calls = calls
    self.edges = edges
    self.inputs = inputs
    self.leavesOut = leavesOut
    self.id = id
    self.summary = summary
    self.documented = documented
    self.reference = reference
    self.sendable = sendable
    self.expectations = expectations
    self.traits = traits
    self.defaultReadRatio = traits.contains(.readOnly) ? 1 : defaultReadRatio
  }

  /// The expectation that covers `wrapper`, if any.
  public func expectation(for wrapper: WrapperInfo) -> Expectation? {
    expectations.first { $0.covers(wrapper) }
  }
}
