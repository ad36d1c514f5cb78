import Foundation
import StressKit

/// An immutable `NSAttributedString` shared read-only, as rendered text is: 16 runs of 16
/// characters, run r carrying the attribute "run" = r and every third run a second attribute
/// too, so that effective and longest ranges differ (`SharedReadOnlySubject`). Locations lead
/// with the ends and the runs' boundaries.
package enum NSAttributedStringSubject: SharedReadOnly {
  package enum Call: String, CaseIterable {
    case attribute = "attribute(_:at:effectiveRange:)"
    case longest = "attribute(_:at:longestEffectiveRange:in:) (the second attribute)"
    case attributes = "attributes(at:effectiveRange:)"
    case substring = "attributedSubstring(from:) (8 from the location), its string"
    case string = "string, length"
    case enumerate = "enumerateAttribute(_:in:options:using:) (from the location on)"
    case enumerateAll = "enumerateAttributes(in:options:using:) (.reverse, 32 from the location)"
    case equal = "isEqual(to:) a fresh copy"
  }

  package static let id = "nsattributedstring"
  package static let summary =
    "an immutable NSAttributedString, shared read-only: attributes, ranges, enumeration"
  package static let documented = DocumentedSafety.safe
  package static let sendable: Bool? = Sendability.of(NSAttributedString.self)
  package static let leavesOut =
    "Swift's AttributedString: another type (a value type of swift-foundation), not the "
    + "class this row is about; markdown and HTML import: absent on "
    + "Linux (swift-foundation and swift-corelibs-foundation have neither); "
    + "NSMutableAttributedString: nsmutableattributedstring covers it"
  static let runs = 16
  static let runLength = 16
  static let length = runs * runLength
  static let run = NSAttributedString.Key("run")
  static let third = NSAttributedString.Key("third")
  package static let inputs = InputDomain(
    "locations", edges: [0, 15, 16, 47, 48, length - 1],
    ordinary: Array(1..<(length - 1)).filter { ![15, 16, 47, 48].contains($0) })

  static func build() -> NSAttributedString {
    let built = NSMutableAttributedString(string: "")
    for r in 0..<runs {
      var attributes: [NSAttributedString.Key: Any] = [run: NSNumber(value: r)]
      if r % 3 == 0 { attributes[third] = NSString(string: "yes") }
      built.append(
        NSAttributedString(
          string: String(repeating: "\(r % 10)é", count: runLength / 2), attributes: attributes))
    }
    return NSAttributedString(attributedString: built)
  }

  package static func make() -> NSAttributedString { build() }

  package static func format(_ text: NSAttributedString, _ call: Call, _ at: Int) -> String {
    var range = NSRange(location: 0, length: 0)
    let rest = NSRange(location: at, length: length - at)
    switch call {
    case .attribute:
      let value = text.attribute(run, at: at, effectiveRange: &range)
      return "\(value.map { "\($0)" } ?? "nil") \(range)"
    case .longest:
      let value = text.attribute(
        third, at: at, longestEffectiveRange: &range,
        in: NSRange(location: 0, length: length))
      return "\(value.map { "\($0)" } ?? "nil") \(range)"
    case .attributes:
      let all = text.attributes(at: at, effectiveRange: &range)
      return "\(all.keys.map(\.rawValue).sorted()) \(range)"
    case .substring:
      let part = text.attributedSubstring(from: NSRange(location: at, length: min(8, length - at)))
      return "\(part.string) \(part.length)"
    case .string: return "\(text.string.count) \(text.length)"
    case .enumerate:
      var seen: [String] = []
      text.enumerateAttribute(run, in: rest, options: []) { value, range, _ in
        seen.append("\(value.map { "\($0)" } ?? "nil")@\(range.location)")
      }
      return seen.joined(separator: ",")
    case .enumerateAll:
      var seen: [String] = []
      let span = NSRange(location: at, length: min(32, length - at))
      text.enumerateAttributes(in: span, options: .reverse) { attributes, range, _ in
        seen.append("\(attributes.count)@\(range.location)+\(range.length)")
      }
      return seen.joined(separator: ",")
    case .equal: return "\(text.isEqual(to: build()))"
    }
  }
}
