import StressKit

/// The catalog of Foundation (and Swift standard library) subjects shipped with `stress`.
public enum FoundationCatalog {
  /// The standard wrappers and self-tests plus every subject here. Each is added by its
  /// concrete type, so its trial loop is compiled for it.
  public static var catalog: Catalog {
    var catalog = Catalog.standard
    catalog.listedEntries = SummaryLists.entries
    catalog.add(SwiftArraySubject.self)
    catalog.add(SwiftDictionarySubject.self)
    catalog.add(SwiftSetSubject.self)
    catalog.add(NSMutableArraySubject.self)
    catalog.add(NSMutableDictionarySubject.self)
    catalog.add(NSMutableSetSubject.self)
    catalog.add(NSCountedSetSubject.self)
    catalog.add(NSArraySubject.self)
    catalog.add(NSDictionarySubject.self)
    catalog.add(DateFormatterSubject.self)
    catalog.add(DateFormatterMutatingSubject.self)
    catalog.add(ISO8601DateFormatterSubject.self)
    catalog.add(ISO8601DateFormatterMutatingSubject.self)
    catalog.add(NumberFormatterSubject.self)
    catalog.add(NumberFormatterMutatingSubject.self)
    catalog.add(DateFormatStyleSubject.self)
    catalog.add(NSCalendarSubject.self)
    catalog.add(NSCalendarMutatingSubject.self)
    catalog.add(CalendarSubject.self)
    catalog.add(SingletonCheckThenCreateSubject.self)
    catalog.add(SingletonCheckThenCreateWidenedSubject.self)
    catalog.add(SingletonLazyVarSubject.self)
    catalog.add(SingletonStaticLetSubject.self)
    catalog.add(PhotoManagerSubject.self)
    catalog.add(NotificationCenterSubject.self)
    catalog.add(NSCacheSubject.self)
    catalog.add(NSMutableStringSubject.self)
    catalog.add(NSMutableDataSubject.self)
    catalog.add(JSONEncoderSubject.self)
    catalog.add(UserDefaultsSubject.self)
    catalog.add(NSStringSubject.self)
    catalog.add(NSDataSubject.self)
    catalog.add(NSSetSubject.self)
    catalog.add(NSAttributedStringSubject.self)
    catalog.add(NSMutableAttributedStringSubject.self)
    catalog.add(NSCharacterSetSubject.self)
    catalog.add(NSEnumeratorSubject.self)
    catalog.add(NSKeyedArchiverSubject.self)
    catalog.add(NSLockSubject.self)
    catalog.add(NSRecursiveLockSubject.self)
    catalog.add(NSConditionLockSubject.self)
    catalog.add(CounterSubject.self)
    catalog.add(NoopSubject.self)
    catalog.add(DeadlockSubject.self)
    catalog.add(RecursiveLockDeadlockSubject.self)
    return catalog
  }
}
