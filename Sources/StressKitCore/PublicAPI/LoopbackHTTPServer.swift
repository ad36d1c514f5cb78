import Foundation
import StressPlatform
import Synchronization

/// An HTTP server on 127.0.0.1 for a subject that stresses an HTTP client (`URLSession`, or a
/// type of your own built on it): it answers every request with status 200 and the request's
/// target as its body, so each caller can tell its own answer, and waits 20 ms first when the
/// target starts with `/slow`, so a cancel can meet a request in flight. A few targets ask for
/// what an application's server does besides:
///
/// - a request with a body (a `POST` of `Content-Length` bytes) is answered with its body;
/// - `/redirect` followed by a target is answered `302 Found` with that target as `Location`;
/// - `/set-cookie/name=value` is answered with `Set-Cookie: name=value; Path=/`;
/// - a target starting with `/cookies` is answered with the request's `Cookie` header.
///
/// Loopback only; each connection is answered on a thread of its own, kept alive while its
/// client sends.
public final class LoopbackHTTPServer: Sendable {
  /// The port it listens on.
  public let port: Int
  private let stopped = Flag()

  /// Set once, read by the accepting thread.
  private final class Flag: Sendable {
    let raised = Atomic<Bool>(false)
  }

  /// Starts listening on a port the system picks; nil if the system refuses a socket.
  public init?() {
    guard let (fd, port) = Platform.listenOnLoopback() else { return nil }
    self.port = port
    let stopped = self.stopped
    let failed = Platform.startThread {
      while !stopped.raised.load(ordering: .acquiring) {
        guard let client = Platform.acceptConnection(fd, milliseconds: 100) else { continue }
        // Out of threads, the connection is answered here: slower, never dropped.
        if Platform.startThread({ Self.answer(client) }) != nil { Self.answer(client) }
      }
      Platform.closeDescriptor(fd)
    }
    if failed != nil {
      Platform.closeDescriptor(fd)
      return nil
    }
  }

  /// Stops accepting connections (within 0.1 s); the ones being answered finish.
  public func stop() {
    stopped.raised.store(true, ordering: .releasing)
  }

  /// A port on 127.0.0.1 that nothing listens on: a connection to it is refused.
  public static func closedPort() -> Int? { Platform.closedLoopbackPort() }

  /// Answers the requests of one connection in turn (a client keeps it alive between them)
  /// until the client closes it, or sends nothing for 5 s.
  private static func answer(_ client: Int32) {
    defer { Platform.closeDescriptor(client) }
    var pending: [UInt8] = []
    while let request = Request.next(client, &pending) {
      guard Platform.sendAll(client, reply(to: request)) else { return }
    }
  }

  /// The status line, extra headers and body that answer `request`.
  private static func reply(to request: Request) -> [UInt8] {
    let target = request.target
    if target.hasPrefix("/slow") { Thread.sleep(forTimeInterval: 0.02) }
    var status = "200 OK"
    var headers = ""
    var body = Array(target.utf8)
    if target.hasPrefix("/redirect/") {
      status = "302 Found"
      headers = "Location: \(target.dropFirst("/redirect".count))\r\n"
      body = []
    } else if target.hasPrefix("/set-cookie/") {
      let cookie = target.dropFirst("/set-cookie/".count).prefix { $0 != "?" && $0 != "/" }
      headers = "Set-Cookie: \(cookie); Path=/\r\n"
    } else if target.hasPrefix("/cookies") {
      body = Array((request.headers["cookie"] ?? "").utf8)
    } else if !request.body.isEmpty {
      body = request.body
    }
    let head =
      "HTTP/1.1 \(status)\r\nContent-Type: text/plain\r\n\(headers)"
      + "Content-Length: \(body.count)\r\n\r\n"
    return Array(head.utf8) + body
  }

  /// One request: its target, its headers (names lowercased) and its body.
  private struct Request {
    var target: String
    var headers: [String: String] = [:]
    var body: [UInt8] = []

    /// The next request on `client`, read on from `pending`; nil when the client closes,
    /// stalls 5 s, sends a head over 64 KiB or a body over 16 MiB.
    static func next(_ client: Int32, _ pending: inout [UInt8]) -> Request? {
      let end = Array("\r\n\r\n".utf8)
      guard fill(client, &pending, limit: 65_536, until: { $0.firstRange(of: end) != nil })
      else { return nil }
      let head = pending.firstRange(of: end)!
      let lines = String(decoding: pending[..<head.lowerBound], as: UTF8.self)
        .components(separatedBy: "\r\n")
      pending.removeSubrange(..<head.upperBound)
      let words = lines.first?.split(separator: " ") ?? []
      var request = Request(target: words.dropFirst().first.map(String.init) ?? "/")
      for line in lines.dropFirst() {
        guard let colon = line.firstIndex(of: ":") else { continue }
        let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        request.headers[line[..<colon].lowercased()] = value
      }
      let length = Int(request.headers["content-length"] ?? "") ?? 0
      guard length >= 0, length <= 1 << 24,
        fill(client, &pending, limit: length, until: { $0.count >= length })
      else { return nil }
      request.body = Array(pending.prefix(length))
      pending.removeFirst(length)
      return request
    }

    /// Reads from `client` into `pending` until `done` holds; false if the client closes,
    /// stalls 5 s, or `pending` reaches `limit` bytes first.
    private static func fill(
      _ client: Int32, _ pending: inout [UInt8], limit: Int, until done: ([UInt8]) -> Bool
    ) -> Bool {
      while !done(pending) {
        guard pending.count < limit,
          Platform.waitReadable([client], milliseconds: 5_000) == [client],
          let bytes = Platform.readSome(client), !bytes.isEmpty
        else { return false }
        pending += bytes
      }
      return true
    }
  }
}
