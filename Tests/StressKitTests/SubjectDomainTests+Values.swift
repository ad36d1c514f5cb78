import Foundation
import FoundationSubjects
import StressKit
import Testing

/// The Summary's value and string classes, and the coders, make the calls an application
/// makes (bulk, enumeration, search, options, both directions) on their types' edge values.
extension InProcessSubjects.SubjectDomainTests {
  func edges<Spec: SharedReadOnly>(_ spec: Spec.Type) -> [Spec.Input] {
    Array(Spec.inputs.values.prefix(Spec.inputs.edgeCount))
  }

  func calls<Spec: SharedReadOnly>(_ spec: Spec.Type) -> String {
    SharedReadOnlySubject<Spec>.info.calls.joined(separator: "\n")
  }

  @Test func stringsAreSearchedSplitFoldedComparedAndEncodedOnTextThatIsSpecialCased() {
    let strings = edges(NSStringSubject.self).map {
      Array(NSStringSubject.texts[$0].unicodeScalars)
    }
    // Composed and decomposed accents are distinct inputs (equal Swift strings).
    for s in ["", "Straße", "e\u{301}te\u{301}", "\u{E9}t\u{E9}", "日本語のテキスト", "nul\u{0}byte"] {
      #expect(strings.contains(Array(s.unicodeScalars)), "nsstring lacks \(s.debugDescription)")
    }
    #expect(
      strings.contains { $0.count > String(String.UnicodeScalarView($0)).count },
      "no emoji sequence")
    let made = calls(NSStringSubject.self)
    for call in [
      "range(of:", "components(separatedBy:", "compare(_:options:", "localizedStandardCompare",
      "data(using:", "lowercased", "trimmingCharacters", "precomposedStringWithCanonicalMapping",
      "addingPercentEncoding", "lastPathComponent",
    ] {
      #expect(made.contains(call), "nsstring does not call \(call)")
    }
    expectCovered(NSStringSubject.self)
  }

  @Test func dataIsSlicedSearchedEncodedAndEnumeratedAtEverySizeThatIsSpecialCased() {
    let sizes = edges(NSDataSubject.self)
    for size in [0, 1, 2, 3, 14, 15, 16_384] { #expect(sizes.contains(size)) }
    let made = calls(NSDataSubject.self)
    for call in ["subdata(with:", "range(of:", "base64EncodedString", "enumerateBytes", "isEqual"] {
      #expect(made.contains(call), "nsdata does not call \(call)")
    }
    expectCovered(NSDataSubject.self)
  }

  @Test func setsAreEnumeratedInBulkAndComparedWithAMissingKey() {
    let keys = edges(NSSetSubject.self)
    #expect(keys.contains(0) && keys.contains(63) && keys.contains(64) && keys.contains(-1))
    let made = calls(NSSetSubject.self)
    for call in ["for-in", "objectEnumerator", "enumerateObjects", "allObjects", "isSubset(of:"] {
      #expect(made.contains(call), "nsset does not call \(call)")
    }
    let set = NSSetSubject.make()
    #expect(NSSetSubject.format(set, .member, 64) == "nil")
    #expect(NSSetSubject.format(set, .member, -2) == "member")
    expectCovered(NSSetSubject.self)
  }

  @Test func numbersAndValuesTakeExtremesNaNInfinitiesAndSignedZero() {
    let numbers = edges(NSNumberSubject.self).map(\.description)
    for n in ["int 0", "double -0.0", "double nan", "double inf", "double -inf", "bool true"] {
      #expect(numbers.contains(n), "nsnumber lacks \(n): \(numbers)")
    }
    #expect(numbers.contains("int \(Int64.min)") && numbers.contains("uint \(UInt64.max)"))
    let made = calls(NSNumberSubject.self)
    for call in ["compare(_:)", "isEqual(to:)", "description(withLocale:", "decimalValue"] {
      #expect(made.contains(call), "nsnumber does not call \(call)")
    }
    expectCovered(NSNumberSubject.self)
    #expect(edges(NSValueSubject.self).contains(NSNotFound))
    for call in ["rangeValue", "pointValue", "rectValue", "isEqual"] {
      #expect(calls(NSValueSubject.self).contains(call))
    }
    expectCovered(NSValueSubject.self)
    #expect(edges(NSDateSubject.self) == Edges.dates)
    #expect(calls(NSDateSubject.self).contains("description(with:"))
    expectCovered(NSDateSubject.self)
  }

  @Test func characterSetsAreThePredefinedOnesAskedAboutSpecialScalars() {
    let scalars = edges(NSCharacterSetSubject.self)
    for scalar: UInt32 in [0, 0x20, 0xA0, 0x200B, 0xFEFF, 0xD800, 0x1F600, 0x10FFFF] {
      #expect(scalars.contains(scalar))
    }
    let made = calls(NSCharacterSetSubject.self)
    for call in [
      ".whitespacesAndNewlines", ".alphanumerics", ".urlQueryAllowed", "inverted",
      "trimmingCharacters", "rangeOfCharacter", "addingPercentEncoding",
    ] {
      #expect(made.contains(call), "nscharacterset does not call \(call)")
    }
    expectCovered(NSCharacterSetSubject.self)
  }

  @Test func attributedStringsAreEnumeratedAndSlicedAtRunBoundaries() {
    #expect(edges(NSAttributedStringSubject.self).contains(0))
    #expect(edges(NSAttributedStringSubject.self).contains(15))
    #expect(edges(NSAttributedStringSubject.self).contains(16))
    for call in ["longestEffectiveRange", "enumerateAttributes", "attributedSubstring"] {
      #expect(calls(NSAttributedStringSubject.self).contains(call))
    }
    expectCovered(NSAttributedStringSubject.self)
  }

  @Test func regularExpressionsMatchCountReplaceAndEnumerateNonASCIIText() {
    let texts = edges(NSRegularExpressionSubject.self)
    #expect(
      texts.contains("") && texts.contains { $0.contains("ß") }
        && texts.contains { $0.contains("\n") })
    let made = calls(NSRegularExpressionSubject.self)
    for call in [
      "firstMatch", "matches(in:", "numberOfMatches", "stringByReplacingMatches",
      "enumerateMatches", ".caseInsensitive", ".regularExpression",
    ] {
      #expect(made.contains(call), "nsregularexpression does not call \(call)")
    }
    expectCovered(NSRegularExpressionSubject.self)
  }

  /// In a process of its own, so that a trap inside Foundation fails this test alone. Before the
  /// JSON5 call ended its texts with a newline, JSON5's scanner read past a top-level number at
  /// the buffer's end and trapped in about 1 process in 20 (swift-foundation PR 1625).
  @Test func codersTakeEdgePayloadsMalformedTextAndEveryCommonStrategy() async {
    await #expect(processExitsWith: .success) {
      InProcessSubjects.SubjectDomainTests().coders()
    }
  }

  func coders() {
    let names = Payload.edges.map(\.0)
    for name in ["empty", "escapes and non-ASCII", "maxima", "minima", "NaN", "infinity", "large"] {
      #expect(names.contains(name))
    }
    let encoder = calls(JSONEncoderSubject.self)
    for strategy in [
      ".prettyPrinted", ".iso8601", ".base64", ".convertToSnakeCase", ".convertToString",
      ".formatted(",
    ] {
      #expect(encoder.contains(strategy), "jsonencoder lacks \(strategy)")
    }
    // NaN is refused by a strict encoder and spelled by a lenient one.
    let e = JSONEncoderSubject.make()
    let nan = names.firstIndex(of: "NaN")!
    #expect(JSONEncoderSubject.format(e, .sorted, nan).hasPrefix("threw invalidValue"))
    #expect(JSONEncoderSubject.format(e, .floats, nan).contains("\"score\":\"nan\""))
    expectCovered(JSONEncoderSubject.self)

    let texts = edges(JSONDecoderSubject.self)
    for text in [
      "", "-0", "1e309", "18446744073709551616", "\"\\ud800\"", "[1,2", "{\"id\":1,\"id\":2}",
    ] {
      #expect(texts.contains(text), "jsondecoder lacks \(text)")
    }
    let decoder = calls(JSONDecoderSubject.self)
    for call in ["allowsJSON5", ".convertFromSnakeCase", "JSONSerialization", "fragments"] {
      #expect(decoder.contains(call), "jsondecoder lacks \(call)")
    }
    // The ordinary texts are records that decode.
    let d = JSONDecoderSubject.make()
    let ordinary = JSONDecoderSubject.inputs.values[JSONDecoderSubject.inputs.edgeCount]
    #expect(!JSONDecoderSubject.format(d, .api, ordinary).hasPrefix("threw"))
    expectCovered(JSONDecoderSubject.self)

    for call in [".binary", ".xml", "PropertyListDecoder", "PropertyListSerialization"] {
      #expect(calls(PropertyListEncoderSubject.self).contains(call))
    }
    expectCovered(PropertyListEncoderSubject.self)
  }

  @Test func decimalsAreComputedAtZeroExtremesNaNDivisionByZeroAndHalfCents() {
    let pairs = NSDecimalNumberSubject.inputs.summary
    for pair in ["0 and 0", "0.1 and 0.2", "max and 1", "NaN and 1", "1 and 0", "-0.005"] {
      #expect(pairs.contains(pair), "nsdecimalnumber lacks \(pair)")
    }
    let made = calls(NSDecimalNumberSubject.self)
    for call in [
      "subtracting", "multiplying(by:", "dividing(by:", "rounding", "compare",
      "NSDecimalNumber(string:",
    ] {
      #expect(made.contains(call), "nsdecimalnumber does not call \(call)")
    }
    let o = NSDecimalNumberSubject.make()
    #expect(NSDecimalNumberSubject.format(o, .adding, 1) == "0.3")
    #expect(NSDecimalNumberSubject.format(o, .dividing, 6) == "NaN")
    expectCovered(NSDecimalNumberSubject.self)
  }
}
