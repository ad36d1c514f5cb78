import Foundation
import StressKit
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `URLSession` as a server's outbound calls use it, from every thread at once: data tasks to a
/// loopback server the subject starts itself (`LoopbackHTTPServer`, which answers each target
/// with the target) and to a refused port, on the shared session, on one shared ephemeral
/// session, and on sessions made for one call and invalidated at once; tasks cancelled in
/// flight. Every completion handler must be called exactly once, with its own answer, an error,
/// or the cancellation; one not called within 10 s is a finding.
///
/// It leaves out the async `data(from:)` in a Swift task cancelled in flight: on Swift 6.3.1
/// that deadlocks now and then even alone (swift-corelibs-foundation 5412, fixed in 6.4; seen
/// here once in a clean-clone test run), so a subject making it fails its single-threaded pass,
/// and what fails alone says nothing about threads.
package final class URLSessionSubject: StressSubject, @unchecked Sendable {
  package enum Call: String, CaseIterable {
    case shared = "URLSession.shared.dataTask(with:completionHandler:), resume()"
    case ephemeral = "dataTask(with:completionHandler:) on one shared ephemeral session"
    case cancel = "resume(), then cancel() while the server waits (/slow)"
    case refused = "dataTask to a refused port on 127.0.0.1: its error"
    case finish = "a session for one call: dataTask, resume(), finishTasksAndInvalidate()"
    case invalidate = "a session for one call: resume() to /slow, then invalidateAndCancel()"
  }

  package static let targets = InputDomain(
    "targets",
    edges: ["/", "/a%20b?q=1&r=%2F", "/%C3%A9", "/" + String(repeating: "x", count: 2_000)],
    ordinary: (0..<16).map { "/items/\($0)?page=\($0 % 4)" },
    describe: { $0.count > 40 ? "a target of \($0.count) characters" : $0 })

  package static let info = SubjectInfo(
    id: "urlsession",
    summary:
      "URLSession data tasks to loopback from every thread: shared, ephemeral, cancel, invalidate",
    documented: .notListed, sendable: Sendability.of(URLSession.self),
    traits: [.readOnly, .freshProcess],
    calls: Call.allCases.map(\.rawValue), inputs: [targets.summary], edges: targets.edges,
    leavesOut:
      "other hosts: needs the network; TLS: not covered yet; upload and download tasks: "
      + "not covered yet; stream tasks: unsupported on Linux (streamTask traps); "
      + "WebSocket tasks: not covered yet; delegates and their callbacks: not covered "
      + "yet; cookies and caches: not covered yet; redirects: not covered yet; background "
      + "sessions: unsupported on Linux (their configuration traps); async data(from:) in "
      + "a cancelled Swift task: it deadlocks even on one thread on 6.3.1 "
      + "(swift-corelibs-foundation 5412)")

  /// One server a process, started on first use, and a port nothing listens on.
  static let server = LoopbackHTTPServer()
  static let refusedPort = LoopbackHTTPServer.closedPort()
  static let patience = 10.0

  private static let choice = InputDomain("calls", edges: [], ordinary: Call.allCases)
  private let focus: Focus?
  private let ephemeral: URLSession

  package init(shape: TrialShape) {
    focus = shape.focus
    let configuration = URLSessionConfiguration.ephemeral
    configuration.connectionProxyDictionary = [:]
    ephemeral = URLSession(configuration: configuration)
  }

  deinit {
    ephemeral.finishTasksAndInvalidate()
  }

  /// What one completion handler was called with, and how many times.
  package final class Answer: @unchecked Sendable {
    package init() {}
    package let done = DispatchSemaphore(value: 0)
    package let calls = Atomic<Int>(0)
    package private(set) var body = ""
    package private(set) var status = 0
    package private(set) var error: (any Error)?

    package func handler(_ data: Data?, _ response: URLResponse?, _ error: (any Error)?) {
      body = data.map { String(decoding: $0, as: UTF8.self) } ?? ""
      status = (response as? HTTPURLResponse)?.statusCode ?? 0
      self.error = error
      if calls.add(1, ordering: .acquiringAndReleasing).newValue == 1 { done.signal() }
    }

    /// Cancelled: by the task's cancel(), or its session's invalidation.
    package var cancelled: Bool { (error as? URLError)?.code == .cancelled }
  }

  package func read(_ step: Step) -> String? {
    guard let server = Self.server, let refused = Self.refusedPort else {
      return "no loopback server: the system refused a socket"
    }
    let call = Focus.call(focus, of: Call.self, else: Self.choice[step])
    var target = Self.targets[step, focus]
    if call == .cancel || call == .invalidate { target = "/slow" + target }
    let port = call == .refused ? refused : server.port
    guard let url = URL(string: "http://127.0.0.1:\(port)\(target)") else {
      return "URL(string:) refused \(target)"
    }
    let answer = Answer()
    let session: URLSession
    switch call {
    case .shared: session = .shared
    case .ephemeral, .cancel, .refused: session = ephemeral
    case .finish, .invalidate: session = URLSession(configuration: .ephemeral)
    }
    let task = session.dataTask(with: url, completionHandler: answer.handler)
    task.resume()
    switch call {
    case .cancel: task.cancel()
    case .finish: session.finishTasksAndInvalidate()
    case .invalidate: session.invalidateAndCancel()
    default: break
    }
    guard answer.done.wait(timeout: .now() + Self.patience) == .success else {
      return
        "\(call.rawValue): the completion handler was not called within \(Int(Self.patience)) s"
    }
    return Self.judge(call, answer, target)
  }

  /// Nil if `answer` is one `call` may get for `target`, else what is wrong.
  package static func judge(_ call: Call, _ answer: Answer, _ target: String) -> String? {
    let calls = answer.calls.load(ordering: .acquiring)
    if calls > 1 { return "\(call.rawValue): the completion handler was called \(calls) times" }
    let ok = answer.error == nil && answer.status == 200 && answer.body == target
    let said =
      answer.error.map { "error \($0.localizedDescription)" }
      ?? "status \(answer.status), body of \(answer.body.count) bytes"
    switch call {
    case .shared, .ephemeral, .finish:
      return ok ? nil : "\(call.rawValue) for \(target.prefix(40)) answered \(said)"
    case .cancel, .invalidate:
      return ok || answer.cancelled ? nil : "\(call.rawValue) answered \(said)"
    case .refused:
      return answer.error != nil && answer.body.isEmpty
        ? nil : "a refused port answered \(said)"
    }
  }

  package func check(writesPerThread: [Int]) -> Violations { Violations() }
}
