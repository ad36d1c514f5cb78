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
/// What else an application's client does, on the shared ephemeral session unless named
/// (URLSessionSubject+Tasks.swift): uploads a body of its own, which the server echoes; follows
/// a 302 to the target, whose answer its completion must get; downloads the target to a file,
/// read inside the handler (the file is removed after); on `URLSession.shared`, is answered a
/// cookie named for its thread, which `HTTPCookieStorage.shared` must hold and its next
/// request carry (other threads' cookies go along, never in its name); and, on one session
/// with a `URLSessionDataDelegate`, collects each task's response, data and completion, each of
/// which must come once, the data its own.
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
    case upload = "uploadTask(with:from:) of a POST body, which the server echoes"
    case redirect = "dataTask to /redirect/<target>, answered 302 Found: the target's answer"
    case download = "downloadTask(with:completionHandler:): the file, read in the handler"
    case cookie =
      "URLSession.shared gets Set-Cookie: in HTTPCookieStorage.shared, in the next request"
    case delegate = "dataTask(with:) on a session with a URLSessionDataDelegate: its callbacks"
  }

  package static let targets = InputDomain(
    "targets",
    edges: ["/", "/a%20b?q=1&r=%2F", "/%C3%A9", "/" + String(repeating: "x", count: 2_000)],
    ordinary: (0..<16).map { "/items/\($0)?page=\($0 % 4)" },
    describe: { $0.count > 40 ? "a target of \($0.count) characters" : $0 })

  package static let info = SubjectInfo(
    id: "urlsession",
    summary:
      "URLSession tasks to loopback from every thread: data, upload, download, redirect, "
      + "cookie, delegate, cancel, invalidate",
    documented: .notListed, sendable: Sendability.of(URLSession.self),
    traits: [.readOnly, .freshProcess],
    calls: Call.allCases.map(\.rawValue), inputs: [targets.summary], edges: targets.edges,
    leavesOut:
      "other hosts: needs the network; TLS: needs a TLS server with a certificate the "
      + "session trusts, and Foundation has no server side, the package links no TLS "
      + "library, and URLSession on Linux trusts a certificate only through an environment "
      + "variable (URLSessionCertificateAuthorityInfoFile); "
      + "stream tasks: unsupported on Linux (streamTask traps); WebSocket tasks: "
      + "unsupported by this toolchain's libcurl (resume() fails at once, 'WebSockets not "
      + "supported by libcurl'); caches: URLSession on Linux never stores an HTTP answer "
      + "in its URLCache (its HTTP protocol passes the policy notAllowed); background "
      + "sessions: unsupported on Linux (their configuration traps); async data(from:) in "
      + "a cancelled Swift task: it deadlocks even on one thread on 6.3.1 "
      + "(swift-corelibs-foundation 5412); cancel() on a session with a URLCache: it traps "
      + "even on one thread on 6.3.1 (swift-corelibs-foundation 3296), so the sessions here "
      + "have none")

  /// One server a process, started on first use, and a port nothing listens on.
  static let server = LoopbackHTTPServer()
  static let refusedPort = LoopbackHTTPServer.closedPort()
  static let patience = 10.0

  private static let choice = InputDomain("calls", edges: [], ordinary: Call.allCases)
  private let focus: Focus?
  let ephemeral: URLSession
  /// One session with a delegate, shared by every thread, and its delegate.
  let delegated: URLSession
  let collector = Collector()

  package init(shape: TrialShape) {
    focus = shape.focus
    let configuration = Self.uncached()
    ephemeral = URLSession(configuration: configuration)
    delegated = URLSession(configuration: configuration, delegate: collector, delegateQueue: nil)
  }

  /// An ephemeral configuration without a URLCache. With one, a task's cache lookup runs on
  /// a background queue, and a cancel() landing meanwhile traps inside Foundation even on one
  /// thread ("a behaviour for a task that is not in the registry", swift-corelibs-foundation
  /// 3296; a clean-clone test run met it at 1 thread): what fails alone says nothing about
  /// threads. On Linux the cache never stores an answer anyway.
  static func uncached() -> URLSessionConfiguration {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.connectionProxyDictionary = [:]
    configuration.urlCache = nil
    return configuration
  }

  deinit {
    ephemeral.finishTasksAndInvalidate()
    // It also releases the delegate, which the session holds until then.
    delegated.finishTasksAndInvalidate()
  }

  /// What one completion handler was called with, and how many times.
  package final class Answer: @unchecked Sendable {
    package init() {}
    package let done = DispatchSemaphore(value: 0)
    package let calls = Atomic<Int>(0)
    package private(set) var body = ""
    package private(set) var status = 0
    /// The answer's URL: after a redirect, the target's.
    package private(set) var url = ""
    package private(set) var error: (any Error)?

    package func handler(_ data: Data?, _ response: URLResponse?, _ error: (any Error)?) {
      body = data.map { String(decoding: $0, as: UTF8.self) } ?? ""
      status = (response as? HTTPURLResponse)?.statusCode ?? 0
      url = response?.url?.absoluteString ?? ""
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
    switch call {
    case .upload, .redirect, .download, .cookie, .delegate:
      return task(call, target, step, port: server.port)
    default: break
    }
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
    case .finish, .invalidate: session = URLSession(configuration: Self.uncached())
    default: return "\(call.rawValue) is made by task(_:_:_:port:)"
    }
    let task = session.dataTask(with: url, completionHandler: answer.handler)
    task.resume()
    switch call {
    case .cancel: task.cancel()
    case .finish: session.finishTasksAndInvalidate()
    case .invalidate: session.invalidateAndCancel()
    default: break
    }
    return Self.wait(call, answer) ?? Self.judge(call, answer, target)
  }

  /// Nil once `answer` came, else that it did not within the patience.
  static func wait(_ call: Call, _ answer: Answer) -> String? {
    guard answer.done.wait(timeout: .now() + patience) == .success else {
      return "\(call.rawValue): the completion handler was not called within \(Int(patience)) s"
    }
    return nil
  }

  /// Nil if `answer` is one `call` may get when the server answers `target` (for an upload,
  /// the body it echoes), else what is wrong.
  package static func judge(_ call: Call, _ answer: Answer, _ target: String) -> String? {
    let calls = answer.calls.load(ordering: .acquiring)
    if calls > 1 { return "\(call.rawValue): the completion handler was called \(calls) times" }
    let ok = answer.error == nil && answer.status == 200 && answer.body == target
    let said =
      answer.error.map { "error \($0.localizedDescription)" }
      ?? "status \(answer.status), body of \(answer.body.count) bytes"
    switch call {
    case .shared, .ephemeral, .finish, .upload, .download, .delegate, .cookie:
      return ok ? nil : "\(call.rawValue) for \(target.prefix(40)) answered \(said)"
    case .redirect:
      // The answer's URL is the target's, not the one that answered 302.
      return ok && answer.url.hasSuffix(target) && !answer.url.contains("/redirect/")
        ? nil : "\(call.rawValue) for \(target.prefix(40)) answered \(said) from \(answer.url)"
    case .cancel, .invalidate:
      return ok || answer.cancelled ? nil : "\(call.rawValue) answered \(said)"
    case .refused:
      return answer.error != nil && answer.body.isEmpty
        ? nil : "a refused port answered \(said)"
    }
  }

  package func check(writesPerThread: [Int]) -> Violations { Violations() }
}
