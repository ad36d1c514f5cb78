import Foundation
import StressKit

/// 256 plain `NSObject`s shared read-only: reads ask one for its hash, its equality with itself
/// and another, and its description, which must be what they were when it was made.
package final class NSObjectSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "nsobject", summary: "NSObject, shared read-only: hash, isEqual(_:), description",
    documented: .safe, sendable: Sendability.of(NSObject.self), traits: [.readOnly],
    calls: [
      "hash",
      "isEqual(_:)",
      "description",
    ],
    leavesOut:
      "isKind(of:): it reads only the object's class, which never changes; "
      + "debugDescription: it returns description, which the subject reads; subclasses "
      + "overriding hash and isEqual(_:): their code is the application's, not "
      + "Foundation's; use as dictionary or set keys: a lookup asks a key only hash and "
      + "isEqual(_:), which the subject calls"
  )

  private let objects: [NSObject]
  private let hashes: [Int]
  private let descriptions: [String]

  package init(shape: TrialShape) {
    objects = (0..<256).map { _ in NSObject() }
    hashes = objects.map(\.hash)
    descriptions = objects.map(\.description)
  }

  package func read(_ step: Step) -> String? {
    let i = Draw.choice(step.random, objects.count)
    let j = (i + 1) % objects.count
    let object = objects[i]
    guard object.hash == hashes[i] else { return "object \(i)'s hash changed" }
    guard object.isEqual(object), !object.isEqual(objects[j]) else {
      return "object \(i)'s equality changed"
    }
    return object.description == descriptions[i] ? nil : "object \(i)'s description changed"
  }

  package func check(writesPerThread: [Int]) -> Violations { Violations() }
}
