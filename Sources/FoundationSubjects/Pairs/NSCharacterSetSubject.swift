import Foundation
import StressKit

/// Immutable `NSCharacterSet`s shared read-only, as a parser shares its sets: the predefined
/// ones a server validates and escapes with, an inverted one and two made from characters and
/// a range (`SharedReadOnlySubject`). Each is asked about scalars that text handling
/// special-cases: NUL, whitespace and newlines, the no-break and zero-width spaces, the byte
/// order mark, a combining accent, a lone surrogate, the last BMP unit, emoji and the last
/// scalar; and the sets are used as a server uses them, to trim, search and percent-escape.
package enum NSCharacterSetSubject: SharedReadOnly {
  /// The sets, in the order of the calls that ask them.
  package struct Sets: @unchecked Sendable {
    let whitespace = NSCharacterSet.whitespacesAndNewlines as NSCharacterSet
    let alphanumerics = NSCharacterSet.alphanumerics as NSCharacterSet
    let digits = NSCharacterSet.decimalDigits as NSCharacterSet
    let letters = NSCharacterSet.letters as NSCharacterSet
    let punctuation = NSCharacterSet.punctuationCharacters as NSCharacterSet
    let query = NSCharacterSet.urlQueryAllowed as NSCharacterSet
    let path = NSCharacterSet.urlPathAllowed as NSCharacterSet
    let inverted = (NSCharacterSet.alphanumerics as NSCharacterSet).inverted as NSCharacterSet
    let custom = NSCharacterSet(charactersIn: "aeiouAEIOUé😀\u{0}")
    let block = NSCharacterSet(range: NSRange(location: 0x4E00, length: 0x1000))
  }

  package enum Call: String, CaseIterable {
    case whitespace = "longCharacterIsMember(_:) (.whitespacesAndNewlines)"
    case alphanumerics = "longCharacterIsMember(_:) (.alphanumerics)"
    case digits = "longCharacterIsMember(_:) (.decimalDigits)"
    case letters = "longCharacterIsMember(_:) (.letters)"
    case punctuation = "longCharacterIsMember(_:) (.punctuationCharacters)"
    case inverted = "longCharacterIsMember(_:) (.alphanumerics.inverted)"
    case custom = "longCharacterIsMember(_:) (charactersIn:), characterIsMember(_:) (range:)"
    case unit = "characterIsMember(_:) (BMP units, .letters and .urlPathAllowed)"
    case plane = "hasMemberInPlane(_:) (.letters, charactersIn:)"
    case superset = "isSuperset(of:) a set of the scalar (.alphanumerics, .urlQueryAllowed)"
    case trim = "trimmingCharacters(in: .whitespacesAndNewlines) around the scalar"
    case search = "rangeOfCharacter(from: .punctuationCharacters) in text with the scalar"
    case escape = "addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed)"
    case bitmap = "bitmapRepresentation (charactersIn:), count"
  }

  package static let id = "nscharacterset"
  package static let summary =
    "predefined and custom NSCharacterSets, shared read-only: membership, trim, search, escape"
  package static let documented = DocumentedSafety.safe
  package static let sendable: Bool? = Sendability.of(NSCharacterSet.self)
  package static let leavesOut =
    "sets built from files or bitmaps: rare in applications; Scanner: scanner-shared "
    + "covers it; NSMutableCharacterSet: nsmutablecharacterset covers it"
  package static let inputs = InputDomain(
    "scalars",
    edges: [
      0, 0x09, 0x0A, 0x20, 0x30, 0x41, 0x25, 0x2F, 0x3F, 0xA0, 0xE9, 0x301, 0x200B, 0xFEFF, 0xD800,
      0xFFFF, 0x4E00, 0x1F600, 0x10FFFF,
    ],
    ordinary: (1...40).map { UInt32($0) * 1_543 % 0x3_0000 },
    describe: { "U+\(String($0, radix: 16, uppercase: true))" })

  package static func make() -> Sets { Sets() }

  package static func format(_ sets: Sets, _ call: Call, _ scalar: UInt32) -> String {
    let unit = UInt16(truncatingIfNeeded: scalar)
    // A lone surrogate is no String; text-based calls take its replacement.
    let text = Unicode.Scalar(scalar).map { String(Character($0)) } ?? "\u{FFFD}"
    switch call {
    case .whitespace: return "\(sets.whitespace.longCharacterIsMember(scalar))"
    case .alphanumerics: return "\(sets.alphanumerics.longCharacterIsMember(scalar))"
    case .digits: return "\(sets.digits.longCharacterIsMember(scalar))"
    case .letters: return "\(sets.letters.longCharacterIsMember(scalar))"
    case .punctuation: return "\(sets.punctuation.longCharacterIsMember(scalar))"
    case .inverted: return "\(sets.inverted.longCharacterIsMember(scalar))"
    case .custom:
      return "\(sets.custom.longCharacterIsMember(scalar)) \(sets.block.characterIsMember(unit))"
    case .unit:
      return "\(sets.letters.characterIsMember(unit)) \(sets.path.characterIsMember(unit))"
    case .plane:
      let plane = UInt8(truncatingIfNeeded: scalar >> 16)
      return "\(sets.letters.hasMemberInPlane(plane)) \(sets.custom.hasMemberInPlane(plane))"
    case .superset:
      let one = CharacterSet(charactersIn: text)
      return "\(sets.alphanumerics.isSuperset(of: one)) \(sets.query.isSuperset(of: one))"
    case .trim:
      return
        "\(Array(NSString(string: " \n\(text)x\t").trimmingCharacters(in: sets.whitespace as CharacterSet).unicodeScalars.map(\.value)))"
    case .search:
      let range = NSString(string: "ab\(text)cd").rangeOfCharacter(
        from: sets.punctuation as CharacterSet)
      return range.location == NSNotFound ? "none" : "\(range)"
    case .escape:
      return NSString(string: "k=\(text)").addingPercentEncoding(
        withAllowedCharacters: sets.query as CharacterSet) ?? "nil"
    case .bitmap:
      return
        "\(sets.custom.bitmapRepresentation.count) \(sets.custom.bitmapRepresentation.reduce(0) { $0 &* 31 &+ Int($1) })"
    }
  }
}
