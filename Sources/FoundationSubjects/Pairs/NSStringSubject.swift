import Foundation
import StressKit

/// Immutable `NSString`s shared read-only, read as a server reads request text: searched,
/// split, case-mapped and folded, compared (literally and with the locale's collation),
/// normalized, trimmed, encoded, percent-escaped and taken apart as paths
/// (`SharedReadOnlySubject`). The strings are the ones such code special-cases: empty,
/// non-ASCII, decomposed accents, emoji sequences, the German sharp s and the Turkish dotted I.
package enum NSStringSubject: SharedReadOnly {
  package enum Call: String, CaseIterable {
    case length = "length, character(at:) (the middle unit)"
    case substring = "substring(with:) (the first half)"
    case range = "range(of: \"e\", options: .caseInsensitive)"
    case rangeFolded = "range(of: \"strasse\", options: [.caseInsensitive, .diacriticInsensitive])"
    case components = "components(separatedBy: \" \")"
    case lower = "lowercased, uppercased, capitalized"
    case compare = "compare(_:options: .caseInsensitive) with \"straße\""
    case localized = "localizedCaseInsensitiveCompare(_:), localizedStandardCompare(_:)"
    case prefix = "hasPrefix(_:), hasSuffix(_:)"
    case replacing = "replacingOccurrences(of: \" \", with: \"_\")"
    case trimming = "trimmingCharacters(in: .whitespacesAndNewlines)"
    case data = "data(using: .utf8), data(using: .ascii, allowLossyConversion: true)"
    case normalized = "precomposedStringWithCanonicalMapping, decomposedStringWithCanonicalMapping"
    case folding = "folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)"
    case transform = "applyingTransform(.stripDiacritics, reverse: false)"
    case percent = "addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed), back"
    case path = "lastPathComponent, pathExtension, deletingLastPathComponent (of paths)"
    case bridged = "bridged to String: count, utf8.count, hash"
    case lines = "enumerateLines(_:), enumerateSubstrings(in:options: .byParagraphs)"
  }

  package static let id = "nsstring"
  package static let summary =
    "immutable NSStrings, shared read-only: search, split, case, compare, normalize, paths"
  package static let documented = DocumentedSafety.safe
  package static let sendable: Bool? = Sendability.of(NSString.self)
  package static let leavesOut =
    "format strings (String(format:)): string-format covers them; writing to files: the "
    + "string is encoded as data(using:) encodes it, then nsdata covers writing the bytes; "
    + "regular-expression search: nsregularexpression covers it; NSMutableString: "
    + "nsmutablestring covers it"
  /// The texts, edges first; the domain draws their indices, as two of them are equal Swift
  /// strings (one composed, one decomposed) and distinct NSStrings.
  package static let texts: [String] =
    [
      "", "a", " ", "Straße", "STRASSE", "İstanbul ıi", "e\u{301}te\u{301}", "été", "👨‍👩‍👧 🇺🇸 👍🏽",
      "日本語のテキスト", "  padded\n\t", "/var/log/app.tar.gz", "a b%20c&d=é", "nul\u{0}byte",
      String(repeating: "0123456789", count: 410),
    ] + (1...48).map { "Item \($0) value-\($0 * 37) é\($0 % 5)" }
  static let edgeCount = 15
  package static let inputs = InputDomain(
    "strings", edges: Array(0..<edgeCount), ordinary: Array(edgeCount..<texts.count),
    describe: {
      let s = texts[$0]
      guard s.count <= 24 else { return "\(s.count) digits" }
      // Controls and combining marks spelled out, so that the list shows them.
      let spelled = s.unicodeScalars.map { c in
        c.value < 0x20 || c.properties.generalCategory == .nonspacingMark
          ? c.escaped(asASCII: true) : String(c)
      }
      return "\"\(spelled.joined())\""
    })

  /// One `NSString` per text, made afresh for each trial.
  package static func make() -> [NSString] { texts.map { NSString(string: $0) } }

  package static func format(_ strings: [NSString], _ call: Call, _ input: Int) -> String {
    let s = strings[input]
    func at(_ range: NSRange) -> String { range.location == NSNotFound ? "none" : "\(range)" }
    switch call {
    case .length:
      return s.length == 0 ? "0" : "\(s.length) \(s.character(at: s.length / 2))"
    case .substring: return s.substring(with: NSRange(location: 0, length: s.length / 2))
    case .range: return at(s.range(of: "e", options: .caseInsensitive))
    case .rangeFolded:
      return at(s.range(of: "strasse", options: [.caseInsensitive, .diacriticInsensitive]))
    case .components: return s.components(separatedBy: " ").joined(separator: "|")
    case .lower: return "\(s.lowercased)|\(s.uppercased)|\(s.capitalized)"
    case .compare: return "\(s.compare("straße", options: .caseInsensitive).rawValue)"
    case .localized:
      let a = s.localizedCaseInsensitiveCompare("Item 10 value")
      let b = s.localizedStandardCompare("Item 9 value")
      return "\(a.rawValue) \(b.rawValue)"
    case .prefix: return "\(s.hasPrefix("Item")) \(s.hasSuffix("z"))"
    case .replacing: return s.replacingOccurrences(of: " ", with: "_")
    case .trimming: return s.trimmingCharacters(in: .whitespacesAndNewlines)
    case .data:
      let utf8 = s.data(using: String.Encoding.utf8.rawValue)
      let ascii = s.data(using: String.Encoding.ascii.rawValue, allowLossyConversion: true)
      return "\(utf8.map { Array($0) } ?? []) \(ascii.map { Array($0) } ?? [])"
    case .normalized:
      let composed = s.precomposedStringWithCanonicalMapping
      let decomposed = s.decomposedStringWithCanonicalMapping
      return "\(Array(composed.unicodeScalars.map(\.value))) \(decomposed.unicodeScalars.count)"
    case .folding:
      return s.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    case .transform:
      return s.applyingTransform(.stripDiacritics, reverse: false) ?? "nil"
    case .percent:
      let escaped = s.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed)
      return
        "\(escaped ?? "nil") \(escaped.flatMap { NSString(string: $0).removingPercentEncoding } ?? "nil")"
    case .path:
      // deletingLastPathComponent traps on a name without a slash ("a") here, alone: a crash
      // that is no race, so only paths ask it.
      let parent = s.contains("/") ? s.deletingLastPathComponent : "-"
      return "\(s.lastPathComponent)|\(s.pathExtension)|\(parent)"
    case .bridged:
      let bridged = s as String
      return
        "\(bridged.count) \(bridged.utf8.count) \(s.hash == NSString(string: texts[input]).hash)"
    case .lines: return lines(s)
    }
  }

  /// Its lines and paragraphs, as a server splits a request's text.
  static func lines(_ s: NSString) -> String {
    var lines: [String] = []
    s.enumerateLines { line, _ in lines.append(line) }
    var paragraphs = 0
    s.enumerateSubstrings(in: NSRange(location: 0, length: s.length), options: .byParagraphs) {
      _, _, _, _ in paragraphs += 1
    }
    return "\(lines.joined(separator: "|")) \(paragraphs)"
  }
}
