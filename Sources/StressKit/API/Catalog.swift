/// The subjects and wrappers a run can name, by id.
///
/// The `stress` command is built with one; a package that stresses its own types builds its own
/// from `Catalog.standard` plus its subjects.
public struct Catalog: Sendable {
  public private(set) var subjects: [any StressSubject.Type] = []
  public private(set) var wrappers: [any Wrapper.Type] = []

  public init(subjects: [any StressSubject.Type] = [], wrappers: [any Wrapper.Type] = []) {
    for s in subjects { add(s) }
    for w in wrappers { add(w) }
  }

  /// The built-in wrappers and the harness's hidden self-test subjects.
  public static var standard: Catalog {
    Catalog(subjects: SelfTestSubjects.all, wrappers: StandardWrappers.all)
  }

  /// Adds a subject; a later one with the same id replaces the earlier.
  public mutating func add(_ subject: any StressSubject.Type) {
    subjects.removeAll { $0.info.id == subject.info.id }
    subjects.append(subject)
  }

  public mutating func add(_ wrapper: any Wrapper.Type) {
    wrappers.removeAll { $0.info.id == wrapper.info.id }
    wrappers.append(wrapper)
  }

  public func subject(_ id: String) -> (any StressSubject.Type)? {
    subjects.first { $0.info.id == id }
  }

  public func wrapper(_ id: String) -> (any Wrapper.Type)? {
    wrappers.first { $0.info.id == id }
  }

  /// Subjects shown by default: everything but the self-tests.
  public var visibleSubjects: [any StressSubject.Type] {
    subjects.filter { !$0.info.hidden }
  }
}
