import Foundation
import FoundationSubjects
import StressKit
import Testing

/// The calls the coder, regular-expression, format and URL subjects used to leave out and
/// servers make: custom strategies and userInfo, JSONSerialization and PropertyListSerialization
/// writing, expressions compiled per request, the current locale's format, and URLRequest.
/// (`expectCovered` of each, in the tests of their families, checks every call is reached and
/// matches its sequential answer; these check the new calls' answers themselves.)
extension InProcessSubjects.SubjectDomainTests {
  /// In a process of its own, as the coders' family test is: a trap in a decoder fails this
  /// test alone.
  @Test func decodersTakeSecondsFormattedAndCustomDatesAndWriteJSONBack() async {
    await #expect(processExitsWith: .success) {
      InProcessSubjects.SubjectDomainTests().decoders()
    }
  }

  func decoders() {
    typealias S = JSONDecoderSubject
    let made = calls(S.self)
    for call in [".secondsSince1970", ".formatted(DateFormatter)", ".custom", "userInfo"] {
      #expect(made.contains(call), "jsondecoder lacks \(call)")
    }
    #expect(made.contains("data(withJSONObject:"))
    let d = S.make()
    let ordinary = Array(S.inputs.values[S.inputs.edgeCount...])
    // The first record sends ISO 8601 dates, the second seconds since 1970: each decoder reads
    // its own, and the custom closure reads both as the built-in strategies do.
    let (iso, seconds) = (ordinary[0], ordinary[1])
    #expect(S.format(d, .formatted, iso) == S.format(d, .api, iso))
    #expect(!S.format(d, .seconds, seconds).hasPrefix("threw"))
    #expect(S.format(d, .seconds, iso).hasPrefix("threw typeMismatch"))
    #expect(S.format(d, .custom, iso) == "v2 " + S.format(d, .api, iso))
    #expect(S.format(d, .custom, seconds) == "v2 " + S.format(d, .seconds, seconds))
    // Fractional seconds, as a string with an offset and as a number.
    func record(_ createdAt: String) -> String {
      "{\"id\":2,\"display_name\":\"\",\"score\":0.5,\"created_at\":\(createdAt),\"blob\":\"\","
        + "\"tags\":[\"a\"],\"user_info_map\":{\"k\":1}}"
    }
    let (fraction, number) = (record("\"2024-02-29T23:59:59.999+05:30\""), record("1709164800.5"))
    #expect(S.inputs.values.contains(fraction) && S.inputs.values.contains(number))
    #expect(S.format(d, .custom, fraction).contains("at 1709231399.99"))
    #expect(S.format(d, .custom, number).contains("at 1709164800.5 "))
    // Read and written back with its keys sorted; malformed text is refused.
    #expect(
      S.format(d, .rewrite, number)
        == "{\"blob\":\"\",\"created_at\":1709164800.5,\"display_name\":\"\",\"id\":2,"
        + "\"score\":0.5,\"tags\":[\"a\"],\"user_info_map\":{\"k\":1}}")
    #expect(S.format(d, .rewrite, "[1,2").hasPrefix("threw"))
  }

  @Test func encodersTakeCustomClosuresAndUserInfoAndJSONSerializationWrites() {
    typealias S = JSONEncoderSubject
    let names = Payload.edges.map(\.0)
    let (empty, nan) = (names.firstIndex(of: "empty")!, names.firstIndex(of: "NaN")!)
    let e = S.make()
    // Kebab-case keys, ISO 8601 with milliseconds, hex data, and the name userInfo redacts.
    #expect(
      S.format(e, .custom, empty)
        == "{\"blob\":\"\",\"created-at\":\"1970-01-01T00:00:00.000Z\",\"display-name\":\"-\","
        + "\"id\":0,\"score\":0,\"tags\":[],\"user-info-map\":{}}")
    #expect(
      S.format(e, .serialization, empty)
        == "{\"blob\":\"\",\"created_at\":0,\"display_name\":\"\",\"id\":0,\"note\":null,"
        + "\"score\":0,\"tags\":[],\"user_info_map\":{}}")
    // NaN is not valid JSON: the check says so, and the write throws.
    #expect(S.format(e, .serialization, nan).hasPrefix("invalid threw"))
    let pretty = S.format(e, .serializationPretty, empty)
    #expect(
      pretty.hasPrefix("[\n  {\n    \"blob\" : \"\",\n") && pretty.contains("\"note\" : null"))
  }

  @Test func regularExpressionsCompiledPerCallAnswerAsTheSharedOnes() {
    typealias S = NSRegularExpressionSubject
    let shared = S.make()
    for text in S.inputs.values.prefix(S.inputs.edgeCount + 3) {
      #expect(
        S.format(shared, .compile, text)
          == S.format(shared, .first, text) + " | " + S.format(shared, .count, text))
      // Escaped, a text compiles and is found in itself, at least once.
      let escaped = S.format(shared, .compileText, text).split(separator: " ").last ?? ""
      let found = Int(escaped.split(separator: "/").first ?? "") ?? 0
      #expect(text.isEmpty ? escaped == "2048" : found >= 1 && escaped.hasSuffix("/0"), "\(text)")
    }
    #expect(S.format(shared, .compileText, "") == "threw 2048 threw 2048")
    #expect(S.format(shared, .compileText, "x12-34y") == "1/0 1/0")
    #expect(S.format(shared, .compileText, "unbalanced (paren [1-2") == "threw 2048 1/0")
  }

  @Test func localizedFormatUsesTheCurrentLocale() {
    typealias S = StringFormatSubject
    for a in S.inputs.values.prefix(S.inputs.edgeCount + 2) {
      #expect(
        S.format(S.make(), .localized, a)
          == String(format: "%d %.2f %@", locale: .current, a.int, a.double, a.text))
    }
  }

  @Test func requestsAreBuiltFreshAndCopiedFromASharedTemplate() {
    typealias S = URLComponentsSubject
    let shared = S.make()
    let template =
      "https://api.example.com/v1/users/42?expand=profile#top|GET|"
      + "Accept=application/json,User-Agent=stress/1|-|-"
    #expect(
      S.format(shared, .request, "/items/1?page=1")
        == "https://api.example.com/items/1?page=1|POST|Content-Type=application/json,"
        + "X-Multi=a,b,X-Target=/items/1?page=1|application/json|15")
    #expect(
      S.format(shared, .requestCopy, "/items/1?page=1")
        == "https://api.example.com/items/1?page=1|PUT|Accept=application/json,"
        + "Authorization=Bearer 15,Content-Type=application/json,X-Multi=a,b,"
        + "X-Target=/items/1?page=1|application/json|15 / " + template)
  }

  @Test func propertyListsAreWrittenAsXMLAndBinaryAndReadBack() {
    typealias S = PropertyListEncoderSubject
    let c = S.make()
    let xml = S.format(c, .writeXML, 0)
    let binary = S.format(c, .writeBinary, 0)
    #expect(xml.contains("<key>createdAt</key>\n\t<date>1970-01-01T00:00:00Z</date>"))
    #expect(!xml.contains("<key>note</key>"))
    // Both read back to the same values, each reporting its own format.
    let values = xml.components(separatedBy: "</plist>\n").last ?? ""
    #expect(values.hasPrefix(" 100 {"))
    #expect(binary.hasSuffix(" 200" + values.dropFirst(4)) && binary.contains(" bytes "))
  }
}
