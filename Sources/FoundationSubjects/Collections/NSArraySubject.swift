import Foundation
import StressKit

/// An immutable `NSArray` shared read-only, read as an application reads a shared list: by
/// index, by enumeration (whole and ranged), by search and by slicing, the ends of the array
/// first among the indices.
package final class NSArraySubject: StressSubject, @unchecked Sendable {
  package enum Call: String, CaseIterable {
    case object = "object(at:)"
    case forIn = "for-in (fast enumeration of the whole array)"
    case enumerate = "enumerateObjects(at:options:using:) (16 from an index)"
    case index = "index(of:)"
    case contains = "contains(_:)"
    case subarray = "subarray(with:) (16 from an index)"
    case ends = "firstObject, lastObject"
    case sorted = "sortedArray(comparator:) (descending), element at the index"
  }

  package static let info = SubjectInfo(
    id: "nsarray", summary: "immutable NSArray, shared read-only: index, enumerate, search, slice",
    documented: .safe, sendable: Sendability.of(NSArray.self), traits: [.readOnly],
    calls: Call.allCases.map(\.rawValue), inputs: [indices.summary], edges: indices.edges,
    leavesOut:
      "copy(): an immutable array's copy is itself; value(forKey:) (key-value coding): Linux's "
      + "NSArray has none; write(to:): it hands the array "
      + "to the property-list writer, which propertylistencoder covers")

  package static let size = 64
  static let slice = 16
  package static let indices: InputDomain<Int> = {
    let edges = [0, 1, size - slice, size - 1]
    return InputDomain("indices", edges: edges, ordinary: (0..<size).filter { !edges.contains($0) })
  }()
  package static let choice = InputDomain("calls", edges: [], ordinary: Call.allCases)
  private let focus: Focus?
  private let items: NSArray

  package init(shape: TrialShape) {
    focus = shape.focus
    items = NSArray(array: (0..<Self.size).map { NSNumber(value: Self.value(at: $0)) })
  }

  static func value(at index: Int) -> Int { Token.encode(thread: 0, seq: index) }

  private static func number(_ object: Any?) -> Int? { (object as? NSNumber)?.intValue }

  package func read(_ step: Step) -> String? {
    let i = Self.indices[step, focus]
    let start = min(i, Self.size - Self.slice)
    let expected = Self.value(at: i)
    switch Focus.call(focus, of: Call.self, else: Self.choice[step]) {
    case .object:
      let value = Self.number(items.object(at: i))
      return value == expected ? nil : "object(at: \(i)) is \(value.map(String.init) ?? "nil")"
    case .forIn:
      var k = 0
      for object in items {
        if Self.number(object) != Self.value(at: k) { return "for-in saw \(object) at \(k)" }
        k += 1
      }
      return k == Self.size ? nil : "for-in saw \(k) elements of \(Self.size)"
    case .enumerate:
      var wrong: String?
      var seen = 0
      items.enumerateObjects(at: IndexSet(integersIn: start..<(start + Self.slice)), options: []) {
        object, index, stop in
        seen += 1
        if Self.number(object) != Self.value(at: index) {
          wrong = "enumerateObjects saw \(object) at \(index)"
          stop.pointee = true
        }
      }
      return wrong ?? (seen == Self.slice ? nil : "enumerateObjects saw \(seen) of \(Self.slice)")
    case .index:
      let found = items.index(of: NSNumber(value: expected))
      return found == i ? nil : "index(of: element \(i)) is \(found)"
    case .contains:
      return items.contains(NSNumber(value: expected)) ? nil : "contains(element \(i)) is false"
    case .subarray:
      let part = items.subarray(with: NSRange(location: start, length: Self.slice))
      for (k, object) in part.enumerated() where Self.number(object) != Self.value(at: start + k) {
        return "subarray from \(start) holds \(object) at \(k)"
      }
      return part.count == Self.slice ? nil : "subarray from \(start) has \(part.count) elements"
    case .ends:
      let first = Self.number(items.firstObject)
      let last = Self.number(items.lastObject)
      return first == Self.value(at: 0) && last == Self.value(at: Self.size - 1)
        ? nil : "firstObject \(String(describing: first)), lastObject \(String(describing: last))"
    case .sorted:
      let sorted = items.sortedArray { a, b in
        let (x, y) = (Self.number(a) ?? 0, Self.number(b) ?? 0)
        return x == y ? .orderedSame : x > y ? .orderedAscending : .orderedDescending
      }
      let value = sorted.count == Self.size ? Self.number(sorted[Self.size - 1 - i]) : nil
      return value == expected
        ? nil : "sortedArray has \(value.map(String.init) ?? "nothing") at \(Self.size - 1 - i)"
    }
  }

  package func check(writesPerThread: [Int]) -> Violations {
    Token.verify(items.map { Self.number($0) ?? -1 }, writesPerThread: [Self.size])
  }
}
