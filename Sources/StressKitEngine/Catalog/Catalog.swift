import StressKitCore

/// The subjects and wrappers a run can name, by id.
///
/// The `stress` command is built with one; a package that stresses its own types builds its own
/// from `Catalog.standard` plus its subjects, added one by one with `add(_:)`, or with
/// `add(specializing:)` for a subject whose operations cost tens of nanoseconds.
public struct Catalog: Sendable {
  package private(set) var entries: [SubjectEntry] = []
  package private(set) var wrappers: [any Wrapper.Type] = []
  package private(set) var taskWrappers: [any AsyncWrapper.Type] = []
  /// The published thread-safety lists this catalog accounts for, entry by entry (the
  /// Foundation catalog's: Apple's Thread Safety Summary).
  public var listedEntries: [ListedEntry] = []

  /// An empty catalog; `Catalog.standard` has the built-in wrappers.
  public init() {}

  /// The built-in wrappers, the run's positive control and the harness's hidden self-test
  /// subjects.
  public static var standard: Catalog {
    var catalog = Catalog()
    for wrapper in StandardWrappers.all { catalog.add(wrapper) }
    for wrapper in StandardWrappers.tasks { catalog.add(wrapper) }
    // The control races on a counter, a few ns an operation: its loop is compiled for it.
    catalog.add(specializing: PositiveControl.self)
    catalog.add(ScheduledPositiveControl.self)
    SelfTestSubjects.register(in: &catalog)
    return catalog
  }

  /// Adds a subject; a later one with the same id replaces the earlier.
  ///
  /// Its operations are called through the protocol, from trial loops compiled once in
  /// StressKit: a few nanoseconds each (`stress bench`), nothing beside a Foundation call, and
  /// nothing more to compile per subject.
  public mutating func add<S: StressSubject>(_ subject: S.Type) {
    add(SubjectEntry(dispatching: subject))
  }

  /// Adds a subject with the trial loop compiled for it and each standard wrapper, in the
  /// module that calls this: direct calls, for operations so cheap that a dispatched call
  /// would be a share of what is measured. Each such subject adds to that module's build time.
  @inlinable
  public mutating func add<S: StressSubject>(specializing subject: S.Type) {
    add(SubjectEntry(specializing: subject))
  }

  /// Adds a model test, as a subject; a later one with the same id replaces the earlier.
  public mutating func add<M: ModelTest>(_ model: M.Type) {
    add(SubjectEntry(model: model))
  }

  @usableFromInline
  package mutating func add(_ entry: SubjectEntry) {
    entries.removeAll { $0.info.id == entry.info.id }
    entries.append(entry)
  }

  /// Adds a thread-driven wrapper; a later one with the same id replaces the earlier.
  public mutating func add(_ wrapper: any Wrapper.Type) {
    wrappers.removeAll { $0.info.id == wrapper.info.id }
    wrappers.append(wrapper)
  }

  /// Adds a task-driven wrapper; a later one with the same id replaces the earlier.
  public mutating func add(_ wrapper: any AsyncWrapper.Type) {
    taskWrappers.removeAll { $0.info.id == wrapper.info.id }
    taskWrappers.append(wrapper)
  }

  package var subjects: [any StressSubject.Type] { entries.map(\.type) }

  /// Every wrapper's description: thread-driven ones first, then task-driven ones.
  package var wrapperInfos: [WrapperInfo] {
    wrappers.map { $0.info } + taskWrappers.map { $0.info }
  }

  /// The wrappers that let reads overlap (`WrapperInfo.sharesReads`).
  package var readSharingWrappers: Set<String> {
    Set(wrapperInfos.filter(\.sharesReads).map(\.id))
  }

  package func taskWrapper(_ id: String) -> (any AsyncWrapper.Type)? {
    taskWrappers.first { $0.info.id == id }
  }

  package func entry(_ id: String) -> SubjectEntry? {
    entries.first { $0.info.id == id }
  }

  package func subject(_ id: String) -> (any StressSubject.Type)? {
    entry(id)?.type
  }

  package func wrapper(_ id: String) -> (any Wrapper.Type)? {
    wrappers.first { $0.info.id == id }
  }

  /// Why an id could not be named in `--subjects`, `--wrappers` or a suite file, or written to
  /// a results file every reader takes; nil for a good one. The command line splits lists at
  /// commas and trims spaces; readers refuse an empty subject.
  package static func idProblem(_ id: String) -> String? {
    if id.isEmpty { return "it is empty" }
    if id.contains(",") { return "it holds a comma, which separates ids in a list" }
    if id.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
      return "it holds a control character"
    }
    if id.first?.isWhitespace == true || id.last?.isWhitespace == true {
      return "it starts or ends with a space, which a list trims"
    }
    return nil
  }

  /// The first subject or wrapper whose id cannot be named (`idProblem`), as a sentence.
  package var problem: String? {
    let ids =
      entries.map { ("subject", $0.info.id) } + wrapperInfos.map { ("wrapper", $0.id) }
    for (kind, id) in ids {
      if let why = Self.idProblem(id) {
        return "The catalog's \(kind) id '\(id)' cannot be used: \(why)."
      }
    }
    return nil
  }

  /// Subjects shown by default: everything but the self-tests.
  package var visibleSubjects: [any StressSubject.Type] {
    subjects.filter { !$0.info.hidden }
  }
}
