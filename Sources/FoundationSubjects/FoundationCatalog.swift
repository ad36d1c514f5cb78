import StressKit

/// The catalog of Foundation (and Swift standard library) subjects shipped with `stress`.
public enum FoundationCatalog {
  public static let subjects: [any StressSubject.Type] = [
    SwiftArraySubject.self, SwiftDictionarySubject.self, SwiftSetSubject.self,
    NSMutableArraySubject.self, NSMutableDictionarySubject.self, NSMutableSetSubject.self,
    NSCountedSetSubject.self, NSArraySubject.self, NSDictionarySubject.self,
    CounterSubject.self, NoopSubject.self,
  ]

  /// The standard wrappers and self-tests plus every subject above.
  public static var catalog: Catalog {
    var catalog = Catalog.standard
    for subject in subjects { catalog.add(subject) }
    return catalog
  }
}
