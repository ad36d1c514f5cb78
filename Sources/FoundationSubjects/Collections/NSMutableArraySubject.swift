import Foundation
import StressKit

/// One shared `NSMutableArray`, used as an application uses a shared list: writes append one
/// token, in bulk or at the front, or remove and replace around appending it (a spare element
/// put in and taken out again, an element replaced by itself); reads index it (its first and last element among them),
/// enumerate its head and slice its tail. Each token is written once, so the end state holds
/// each exactly once.
package final class NSMutableArraySubject: StressSubject, @unchecked Sendable {
  package enum Write: String, CaseIterable {
    case add = "add(_:)"
    case addObjects = "addObjects(from:)"
    case insert = "insert(_:at: 0)"
    case remove =
      "insert(spare, at: 0), removeObject(at: 0), removeLastObject() of a spare, add(_:)"
    case replace = "add(_:), replaceObject(at:with:) of an element by itself"
  }

  /// What a removing write puts in to take out again: a reader may meet it.
  static let spare = NSNumber(value: -7)

  package enum Read: String, CaseIterable {
    case object = "object(at:) (first, last or any index below count)"
    case ends = "firstObject, lastObject"
    case forIn = "for-in (fast enumeration of the first 32)"
    case subarray = "subarray(with:) (the last 16)"
  }

  package static let info = SubjectInfo(
    id: "nsmutablearray",
    summary: "NSMutableArray: add, addObjects, insert at 0; index, enumerate, slice",
    documented: .unsafe, sendable: Sendability.of(NSMutableArray.self),
    calls: Write.allCases.map(\.rawValue) + Read.allCases.map(\.rawValue),
    leavesOut: "sorting and searching (index(of:), "
      + "contains): linear or worse in a growing array, so a trial's cost would grow with "
      + "its length")

  package static let writes = InputDomain("writes", edges: [], ordinary: Write.allCases)
  package static let reads = InputDomain("reads", edges: [], ordinary: Read.allCases)
  private let shape: TrialShape
  private let items = NSMutableArray()

  package init(shape: TrialShape) {
    self.shape = shape
  }

  package func write(_ step: Step) {
    let token = NSNumber(value: step.token)
    switch Self.writes[step] {
    case .add: items.add(token)
    case .addObjects: items.addObjects(from: [token])
    case .insert: items.insert(token, at: 0)
    case .remove:
      items.insert(Self.spare, at: 0)
      items.removeObject(at: 0)
      items.add(Self.spare)
      items.removeLastObject()
      items.add(token)
    case .replace:
      items.add(token)
      let index = Int(step.random % UInt64(items.count))
      items.replaceObject(at: index, with: items.object(at: index))
    }
  }

  private func element(_ object: Any?) -> String? {
    guard let value = (object as? NSNumber)?.intValue else {
      return "element is \(object ?? "nil")"
    }
    return value == Self.spare.intValue || shape.couldHaveWritten(value)
      ? nil : "element \(value) was never written"
  }

  package func read(_ step: Step) -> String? {
    let count = items.count
    guard count > 0 else { return nil }
    switch Self.reads[step] {
    case .object:
      let pick = step.random >> 56
      let index = pick == 0 ? 0 : pick == 1 ? count - 1 : Int(step.random % UInt64(count))
      return element(items.object(at: index))
    case .ends:
      return element(items.firstObject) ?? element(items.lastObject)
    case .forIn:
      var seen = 0
      for object in items {
        if let wrong = element(object) { return wrong }
        seen += 1
        if seen == 32 { break }
      }
      return nil
    case .subarray:
      let length = min(16, count)
      let part = items.subarray(with: NSRange(location: count - length, length: length))
      for object in part { if let wrong = element(object) { return wrong } }
      return nil
    }
  }

  package func check(writesPerThread: [Int]) -> Violations {
    Token.verify(
      items.map { ($0 as? NSNumber)?.intValue ?? -1 }, writesPerThread: writesPerThread)
  }
}
