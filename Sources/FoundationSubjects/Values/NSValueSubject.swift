import Foundation
import StressKit

/// `NSValue`s boxing ranges, points, sizes and rectangles, shared read-only as values in a
/// shared dictionary are: unboxed, compared, hashed and described (`SharedReadOnlySubject`).
/// The boxed values lead with the ones code special-cases: empty and not-found (largest) ranges,
/// ranges past 2^32, zero, negative, NaN and infinite geometry.
package enum NSValueSubject: SharedReadOnly {
  package enum Call: String, CaseIterable {
    case range = "rangeValue"
    case point = "pointValue"
    case size = "sizeValue"
    case rect = "rectValue"
    case equal = "isEqual(_:) a fresh box of the same value, hash"
    case description = "description"
  }

  package static let id = "nsvalue"
  package static let summary =
    "NSValues boxing ranges, points, sizes, rects, shared read-only: unbox, compare, hash"
  package static let documented = DocumentedSafety.safe
  package static let sendable: Bool? = Sendability.of(NSValue.self)
  package static let leavesOut =
    "getValue(_:size:) of arbitrary types, NSValue(bytes:objCType:): rare in Swift, "
    + "which has no @encode to spell a type; pointers: swift-corelibs-foundation has no "
    + "NSValue(pointer:) or pointerValue; key-value coding: unavailable in "
    + "swift-corelibs-foundation"
  package static let inputs = InputDomain(
    "boxed values",
    edges: [0, NSNotFound, 1 << 32, -1, -2, -3],
    ordinary: (1...40).map { $0 * 7 },
    describe: { $0 == -2 ? "NaN geometry" : $0 == -3 ? "infinite geometry" : "\($0)" })

  /// The four boxes of one input, each boxed afresh for each trial.
  package static func make() -> [Int: [NSValue]] {
    Dictionary(uniqueKeysWithValues: inputs.values.map { ($0, boxes($0)) })
  }

  static func boxes(_ input: Int) -> [NSValue] {
    let d: Double =
      switch input {
      case -2: .nan
      case -3: .infinity
      case NSNotFound: Double(NSNotFound)
      default: Double(input)
      }
    let range =
      input < 0 ? NSRange(location: 0, length: 0) : NSRange(location: input, length: input / 2)
    return [
      NSValue(range: range), NSValue(point: NSPoint(x: d, y: -d)),
      NSValue(size: NSSize(width: d, height: 1)),
      NSValue(rect: NSRect(x: -d, y: d, width: d, height: 0.5)),
    ]
  }

  package static func format(_ values: [Int: [NSValue]], _ call: Call, _ input: Int) -> String {
    guard let box = values[input] else { return "no value" }
    switch call {
    case .range: return "\(box[0].rangeValue)"
    case .point: return "\(box[1].pointValue)"
    case .size: return "\(box[2].sizeValue)"
    case .rect: return "\(box[3].rectValue)"
    case .equal:
      return zip(box, boxes(input)).map { "\($0.isEqual($1)) \($0.hash == $1.hash)" }
        .joined(separator: ",")
    case .description: return box.map(\.description).joined(separator: ",")
    }
  }
}
