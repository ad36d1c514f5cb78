import Foundation
import FoundationSubjects
import StressKit
import Testing

/// The subjects for what servers lean on make the calls they name, on the edges parsers
/// special-case.
extension InProcessSubjects.SubjectDomainTests {
  @Test func urlComponentsParsesResolvesAndBuildsOnTheEdgesParsersSpecialCase() {
    typealias S = URLComponentsSubject
    let texts = edges(S.self)
    #expect(texts.first == "")
    for text in ["http://[::1]:8080/p?q=1", "../up/./down?k=v", "?only=query", "file:///tmp/a b"] {
      #expect(texts.contains(text), "url-components lacks \(text)")
    }
    #expect(texts.contains { $0.count > 2_000 })
    let made = calls(S.self)
    for call in [
      "URL(string:relativeTo:", "queryItems", "URLComponents()", "appendingPathComponent",
    ] {
      #expect(made.contains(call), "url-components does not call \(call)")
    }
    expectCovered(S.self)
    // Each call does what it names, against the shared base.
    let base = S.make()
    #expect(
      S.format(base, .relative, "../up/./down?k=v") == "https://api.example.com/v1/up/down?k=v")
    // Whatever standardizing a relative text gives, no dot segment is left in it.
    #expect(!S.format(base, .standardized, "../up/./down?k=v").contains("/./"))
    #expect(S.format(base, .parts, "http://[::1]:8080/p?q=1") == "http|::1|8080|/p|q=1|-")
    #expect(S.format(base, .queryItems, "?a+b=c&d=&=e&f&g=%20%2B") == "a+b=c&d=&=e&f=nil&g= +")
    #expect(S.format(base, .built, "a b&c") == "https://example.com/search?q=a%20b%26c&n")
    #expect(S.format(base, .parse, "") == "nil" || S.format(base, .parse, "") == "")
  }
}
