import Foundation
import StressKit
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The tasks besides plain data tasks: uploads, redirects, downloads, cookies and a delegate.
extension URLSessionSubject {
  /// Makes `call` (one of the tasks above) for `target` on the server at `port`: nil if its
  /// answer is right, else what is wrong.
  func task(_ call: Call, _ target: String, _ step: Step, port: Int) -> String? {
    let base = "http://127.0.0.1:\(port)"
    let path = call == .redirect ? "/redirect" + target : target
    guard let url = URL(string: base + path) else { return "URL(string:) refused \(path)" }
    let answer = Answer()
    switch call {
    case .upload:
      var request = URLRequest(url: url)
      request.httpMethod = "POST"
      let body = Self.uploadBody(target, step)
      ephemeral.uploadTask(with: request, from: Data(body.utf8), completionHandler: answer.handler)
        .resume()
      return Self.wait(call, answer) ?? Self.judge(call, answer, body)
    case .download:
      let task = ephemeral.downloadTask(with: url) { location, response, error in
        // The file is removed once the handler returns: read it here.
        answer.handler(location.flatMap { try? Data(contentsOf: $0) }, response, error)
      }
      task.resume()
    case .cookie:
      return cookie(target, step, base: base)
    case .delegate:
      let task = delegated.dataTask(with: url)
      collector.expect(task.taskIdentifier, answer)
      task.resume()
      return Self.wait(call, answer) ?? collector.strays() ?? Self.judge(call, answer, target)
    default:  // .redirect, to /redirect/<target>
      ephemeral.dataTask(with: url, completionHandler: answer.handler).resume()
    }
    return Self.wait(call, answer) ?? Self.judge(call, answer, target)
  }

  /// A body of the step's own (the thread and its count, so no two are alike) and the target,
  /// four times over: about 8 KB for the longest target.
  package static func uploadBody(_ target: String, _ step: Step) -> String {
    String(repeating: "\(step.thread).\(step.seq) \(target)\n", count: 4)
  }

  /// The cookie `name=value` a step is answered: named for its thread, so that no other
  /// thread's answer replaces it.
  package static func cookie(_ step: Step) -> (name: String, value: String) {
    ("t\(step.thread)", "\(step.seq)")
  }

  /// Is answered the step's cookie on `URLSession.shared`, then asks `/cookies` + `target`,
  /// which answers the cookies the request carried: nil if the storage holds the step's
  /// cookie and the request carried it, else what is wrong. The storage rewrites its file
  /// (in the application-support directory) on every cookie it stores, but a session cookie,
  /// as these are, is never written into it: the file stays empty.
  private func cookie(_ target: String, _ step: Step, base: String) -> String? {
    let call = Call.cookie
    let (name, value) = Self.cookie(step)
    let set = "/set-cookie/\(name)=\(value)"
    guard let setURL = URL(string: base + set), let url = URL(string: base + "/cookies" + target)
    else { return "URL(string:) refused \(target)" }
    let first = Answer()
    URLSession.shared.dataTask(with: setURL, completionHandler: first.handler).resume()
    if let wrong = Self.wait(call, first) ?? Self.judge(call, first, set) { return wrong }
    let held = HTTPCookieStorage.shared.cookies(for: url)?.filter { $0.name == name } ?? []
    guard held.map(\.value) == [value] else {
      return "HTTPCookieStorage.shared holds \(held.map { "\($0.name)=\($0.value)" }) "
        + "after Set-Cookie: \(name)=\(value)"
    }
    let second = Answer()
    URLSession.shared.dataTask(with: url, completionHandler: second.handler).resume()
    if let late = Self.wait(call, second) { return late }
    let sent = second.body.components(separatedBy: "; ").filter { $0.hasPrefix(name + "=") }
    guard second.error == nil, second.status == 200, sent == ["\(name)=\(value)"] else {
      return "a request after Set-Cookie: \(name)=\(value) carried Cookie: "
        + "\(second.body.prefix(80)) (status \(second.status))"
    }
    return nil
  }

  /// The delegate of the session every thread shares: it gathers each task's response and
  /// data and hands them to the task's `Answer` when the task completes. Callbacks for a task
  /// it was not told of, or one already complete, are strays.
  package final class Collector: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private struct Task {
      var answer: Answer
      var data = Data()
      var response: URLResponse?
      var responses = 0
    }

    private let tasks = Mutex<[Int: Task]>([:])
    private let strayCount = Atomic<Int>(0)

    /// The task `id` is about to be resumed; `answer` gets its completion.
    package func expect(_ id: Int, _ answer: Answer) {
      tasks.withLock { $0[id] = Task(answer: answer) }
    }

    /// What the strays were, if any came (from any thread's task).
    package func strays() -> String? {
      let count = strayCount.load(ordering: .relaxed)
      return count == 0 ? nil : "the delegate had \(count) callbacks for no task in flight"
    }

    private func update(_ id: Int, _ change: (inout Task) -> Void) {
      let known = tasks.withLock { tasks -> Bool in
        guard tasks[id] != nil else { return false }
        change(&tasks[id]!)
        return true
      }
      if !known { strayCount.add(1, ordering: .relaxed) }
    }

    package func urlSession(
      _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
      completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
      update(dataTask.taskIdentifier) {
        $0.response = response
        $0.responses += 1
      }
      completionHandler(.allow)
    }

    package func urlSession(
      _ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data
    ) {
      update(dataTask.taskIdentifier) { $0.data.append(data) }
    }

    package func urlSession(
      _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
    ) {
      guard let done = tasks.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else {
        strayCount.add(1, ordering: .relaxed)
        return
      }
      // A response told twice reads as none: the answer's status is then 0.
      let response = done.responses == 1 ? done.response : nil
      done.answer.handler(done.data, response, error)
    }
  }
}
