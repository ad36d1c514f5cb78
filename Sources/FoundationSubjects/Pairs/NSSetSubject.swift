import Foundation
import StressKit

/// An immutable `NSSet` of 64 numbers and strings shared read-only, read as an application
/// reads a shared allow-list: membership, enumeration (for-in, enumerator, block), its
/// elements in bulk, and set algebra against other sets (`SharedReadOnlySubject`). The keys
/// asked lead with the smallest and largest members, a missing number and a string that
/// is present.
package enum NSSetSubject: SharedReadOnly {
  package enum Call: String, CaseIterable {
    case member = "member(_:)"
    case contains = "contains(_:)"
    case count = "count, anyObject() (a member)"
    case allObjects = "allObjects (summed)"
    case forIn = "for-in (fast enumeration, summed)"
    case enumerator = "objectEnumerator() (summed)"
    case enumerate = "enumerateObjects(_:) (stops at the key)"
    case subset = "isSubset(of:) a superset with the key"
    case intersects = "intersects(_:) a set of the key"
    case adding = "adding(_:) the key, count"
    case bridged = "allObjects bridged to Set<AnyHashable>: contains"
  }

  package static let id = "nsset"
  package static let summary =
    "an immutable NSSet, shared read-only: membership, enumeration, bulk, set algebra"
  package static let documented = DocumentedSafety.safe
  package static let sendable: Bool? = Sendability.of(NSSet.self)
  package static let leavesOut =
    "sorted(using:): it reads the set through allObjects or for-in, which the subject "
    + "makes, then sorts a private copy; filtered(using:): on Linux it is allObjects, "
    + "which the subject reads, filtered by a closure (no predicate strings); key-value "
    + "coding: unavailable in swift-corelibs-foundation; NSMutableSet: nsmutableset "
    + "covers it"
  static let size = 64
  package static let inputs = InputDomain(
    "keys", edges: [0, size - 1, size, -1, -2], ordinary: Array(1..<(size - 1)),
    describe: { $0 == -2 ? "the string \"member\"" : "\($0)" })

  static func key(_ input: Int) -> NSObject {
    input == -2 ? NSString(string: "member") : NSNumber(value: input)
  }

  /// 0 to 63 as numbers, and the string "member", made afresh for each trial.
  package static func make() -> NSSet {
    NSSet(array: (0..<size).map { NSNumber(value: $0) } + [NSString(string: "member")])
  }

  static func sum(_ objects: some Sequence<Any>) -> Int {
    objects.reduce(0) { $0 + (($1 as? NSNumber)?.intValue ?? 1_000) }
  }

  package static func format(_ set: NSSet, _ call: Call, _ input: Int) -> String {
    let key = key(input)
    switch call {
    case .member: return "\(set.member(key).map { "\($0)" } ?? "nil")"
    case .contains: return "\(set.contains(key))"
    case .count: return "\(set.count) \(set.anyObject().map { set.contains($0) } ?? false)"
    case .allObjects: return "\(sum(set.allObjects))"
    case .forIn:
      var all: [Any] = []
      for object in set { all.append(object) }
      return "\(all.count) \(sum(all))"
    case .enumerator:
      var all: [Any] = []
      let enumerator = set.objectEnumerator()
      while let object = enumerator.nextObject() { all.append(object) }
      return "\(all.count) \(sum(all))"
    case .enumerate:
      var found = false
      set.enumerateObjects { object, stop in
        if (object as? NSObject)?.isEqual(key) == true {
          found = true
          stop.pointee = true
        }
      }
      return "\(found)"
    case .subset:
      var members: [Any] = (0..<size).map { NSNumber(value: $0) }
      members.append(NSString(string: "member"))
      members.append(key)
      return "\(set.isSubset(of: Set(members.map { $0 as! AnyHashable })))"
    case .intersects: return "\(set.intersects(Set([key as AnyHashable])))"
    case .adding: return "\(set.adding(key).count)"
    case .bridged:
      let bridged = Set(set.allObjects.map { $0 as! AnyHashable })
      return "\(bridged.contains(key as AnyHashable))"
    }
  }
}
