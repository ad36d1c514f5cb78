import Foundation
import StressKit

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `URL` and `URLComponents` as a server's router and HTTP client use them, from every thread
/// (`SharedReadOnlySubject`): parsing request targets and links, resolving them against one
/// shared base URL, reading their parts and query items, building URLs from parts, and
/// building `URLRequest`s for them, fresh or copied from one shared template. The texts lead
/// with what parsers special-case: empty, IPv6 and IDN hosts, user info, ports, percent
/// escapes, relative dot segments, a lone query, scheme-relative and file URLs, non-ASCII
/// paths and queries, and a path of 2,000 characters.
package enum URLComponentsSubject: SharedReadOnly {
  package enum Call: String, CaseIterable {
    case parse = "URL(string:)?.absoluteString"
    case relative = "URL(string:relativeTo: base)?.absoluteURL"
    case parts = "URL(string:): scheme, host, port, path, query, fragment"
    case components = "URLComponents(string:)?.string"
    case hostAndPath = "URLComponents(string:): host, port, percentEncodedPath"
    case queryItems = "URLComponents(string:)?.queryItems"
    case built = "URLComponents() with path and queryItems set, then .url"
    case appending = "base.appendingPathComponent(_:)"
    case standardized = "URL(string:relativeTo: base)?.standardized"
    case request =
      "URLRequest(url:), httpMethod, setValue, addValue, httpBody; value(forHTTPHeaderField:), allHTTPHeaderFields"
    case requestCopy = "a shared let URLRequest copied and changed per call, the shared one read"
  }

  package static let id = "url-components"
  package static let summary =
    "URL, URLComponents, URLRequest from every thread: parse, resolve, read parts, build requests"
  package static let sendable: Bool? = Sendability.of(URLComponents.self)
  package static let leavesOut =
    "URLSession: urlsession covers it; resourceValues of file URLs: "
    + "filemanager-attributes covers it; checkResourceIsReachable: on Linux it is "
    + "fileExists(atPath:), which filemanager-attributes covers; bookmarks: absent on "
    + "Linux; mutating one shared URLComponents value: a shared var races on it anyway"

  package static let inputs = InputDomain(
    "URL texts",
    edges: [
      "", "http://[::1]:8080/p?q=1", "https://user:pw@example.com:443/a%20b/c?x=1&y=%2F#f",
      "../up/./down?k=v", "?only=query", "//host-only/x", "http://xn--nxasmq6b.com/",
      "http://例え.テスト/パス?キー=値", "file:///tmp/a b", "?a+b=c&d=&=e&f&g=%20%2B",
      "https://example.com/" + String(repeating: "segment/", count: 250),
    ],
    ordinary: (0..<48).map { "/items/\($0)?page=\($0 % 7)&sort=asc&tag=t\($0 % 3)#s\($0)" },
    describe: { text in
      text.isEmpty ? "empty" : text.count > 100 ? "a URL of \(text.count) characters" : text
    })

  /// What every thread shares read-only: the base every relative text resolves against, and
  /// the request template a client copies for each call.
  package struct Shared: @unchecked Sendable {
    let base: URL
    let template: URLRequest
  }

  /// The base and the template, made once as a client makes them.
  package static func make() -> Shared {
    let base = URL(string: "https://api.example.com/v1/users/42?expand=profile#top")!
    var template = URLRequest(url: base, timeoutInterval: 30)
    template.httpMethod = "GET"
    template.setValue("application/json", forHTTPHeaderField: "Accept")
    template.setValue("stress/1", forHTTPHeaderField: "User-Agent")
    return Shared(base: base, template: template)
  }

  /// A request's URL, method, headers (sorted; content-type looked up in lowercase, as header
  /// names are case-insensitive) and body size.
  static func spell(_ request: URLRequest) -> String {
    let headers = (request.allHTTPHeaderFields ?? [:]).sorted { $0.key < $1.key }
    return [
      request.url?.absoluteString ?? "nil", request.httpMethod ?? "nil",
      headers.map { "\($0.key)=\($0.value)" }.joined(separator: ","),
      request.value(forHTTPHeaderField: "content-type") ?? "-",
      request.httpBody.map { "\($0.count)" } ?? "-",
    ].joined(separator: "|")
  }

  /// `text` made into a request, fresh (`URLRequest(url:)`) or copied from the template.
  static func request(_ shared: Shared, _ text: String, copied: Bool) -> String {
    let url = URL(string: text, relativeTo: shared.base) ?? shared.base
    var request = copied ? shared.template : URLRequest(url: url)
    if copied {
      request.url = url
      request.setValue(nil, forHTTPHeaderField: "User-Agent")
      request.setValue("Bearer \(text.count)", forHTTPHeaderField: "Authorization")
    }
    request.httpMethod = copied ? "PUT" : "POST"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.setValue(String(text.prefix(64)), forHTTPHeaderField: "X-Target")
    request.addValue("a", forHTTPHeaderField: "X-Multi")
    request.addValue("b", forHTTPHeaderField: "x-multi")
    request.httpBody = Data(text.utf8)
    // The shared template is read after each copy changed: a copy's change must not reach it.
    return spell(request) + (copied ? " / " + spell(shared.template) : "")
  }

  package static func format(_ shared: Shared, _ call: Call, _ text: String) -> String {
    let base = shared.base
    switch call {
    case .parse: return URL(string: text)?.absoluteString ?? "nil"
    case .relative: return URL(string: text, relativeTo: base)?.absoluteURL.absoluteString ?? "nil"
    case .parts:
      guard let url = URL(string: text) else { return "nil" }
      return [
        url.scheme, url.host, url.port.map(String.init), url.path, url.query, url.fragment,
      ].map { $0 ?? "-" }.joined(separator: "|")
    case .components: return URLComponents(string: text)?.string ?? "nil"
    case .hostAndPath:
      guard let c = URLComponents(string: text) else { return "nil" }
      return "\(c.host ?? "-")|\(c.port.map(String.init) ?? "-")|\(c.percentEncodedPath)"
    case .queryItems:
      guard let items = URLComponents(string: text)?.queryItems else { return "nil" }
      return items.map { "\($0.name)=\($0.value ?? "nil")" }.joined(separator: "&")
    case .built:
      var c = URLComponents()
      c.scheme = "https"
      c.host = "example.com"
      c.path = "/search"
      c.queryItems = [URLQueryItem(name: "q", value: text), URLQueryItem(name: "n", value: nil)]
      return c.url?.absoluteString ?? "nil"
    case .appending: return base.appendingPathComponent(text).absoluteString
    case .standardized:
      return URL(string: text, relativeTo: base)?.standardized.absoluteString ?? "nil"
    case .request: return request(shared, text, copied: false)
    case .requestCopy: return request(shared, text, copied: true)
    }
  }
}
