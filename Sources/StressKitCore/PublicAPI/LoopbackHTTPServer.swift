import Foundation
import StressPlatform
import Synchronization

/// An HTTP server on 127.0.0.1 for a subject that stresses an HTTP client (`URLSession`, or a
/// type of your own built on it): it answers every `GET` with status 200 and the request's
/// target as its body, so each caller can tell its own answer, and waits 20 ms first when the
/// target starts with `/slow`, so a cancel can meet a request in flight. Loopback only; each
/// connection is answered on a thread of its own, kept alive while its client sends.
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
    let end = Array("\r\n\r\n".utf8)
    var pending: [UInt8] = []
    while true {
      while pending.firstRange(of: end) == nil {
        guard pending.count < 65_536,
          Platform.waitReadable([client], milliseconds: 5_000) == [client],
          let bytes = Platform.readSome(client), !bytes.isEmpty
        else { return }
        pending += bytes
      }
      let head = pending.firstRange(of: end)!
      let request = pending[..<head.lowerBound]
      pending.removeSubrange(..<head.upperBound)
      let line = String(decoding: request.prefix { $0 != 13 && $0 != 10 }, as: UTF8.self)
      let target = line.split(separator: " ").dropFirst().first.map(String.init) ?? "/"
      if target.hasPrefix("/slow") { Thread.sleep(forTimeInterval: 0.02) }
      let body = Array(target.utf8)
      let reply =
        "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: \(body.count)\r\n\r\n"
      guard Platform.sendAll(client, Array(reply.utf8) + body) else { return }
    }
  }
}
