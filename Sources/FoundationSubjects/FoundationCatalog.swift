import StressKit

/// The catalog of Foundation (and Swift standard library) subjects shipped with `stress`.
public enum FoundationCatalog {
  /// The standard wrappers and self-tests plus every subject here. Each is added by its
  /// concrete type, so its trial loop is compiled for it.
  public static var catalog: Catalog {
    var catalog = Catalog.standard
    catalog.add(SwiftArraySubject.self)
    catalog.add(SwiftDictionarySubject.self)
    catalog.add(SwiftSetSubject.self)
    catalog.add(NSMutableArraySubject.self)
    catalog.add(NSMutableDictionarySubject.self)
    catalog.add(NSMutableSetSubject.self)
    catalog.add(NSCountedSetSubject.self)
    catalog.add(NSArraySubject.self)
    catalog.add(NSDictionarySubject.self)
    catalog.add(CounterSubject.self)
    catalog.add(NoopSubject.self)
    catalog.add(DeadlockSubject.self)
    catalog.add(RecursiveLockDeadlockSubject.self)
    return catalog
  }

  /// The subjects above, in listing order.
  public static var subjects: [any StressSubject.Type] {
    catalog.visibleSubjects
  }
}
