import Foundation
import FoundationSubjects
import StressKit
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `urlsession`'s tasks besides plain data tasks: each is answered right by the subject's own
/// server, and its check tells a wrong answer. Single requests only, here in-process; its
/// trials run in workers (ServerSubjectsTests).
extension InProcessSubjects.SubjectDomainTests {
  typealias Session = URLSessionSubject

  /// Every thread on one (call, target) pair, one step: the subject's own check.
  func urlSessionRead(_ call: Session.Call, edge: Int, thread: Int = 2) -> String? {
    let index = Session.Call.allCases.firstIndex(of: call)!
    let focus = Focus(call: index, edge: edge)
    let subject = Session(shape: TrialShape(threads: 1, opsPerThread: 1, focus: focus))
    return subject.read(Step(thread: thread, seq: 40 + edge, random: 0))
  }

  @Test func urlSessionUploadsRedirectsDownloadsKeepsCookiesAndTellsADelegateOnEveryEdge() {
    let new: [Session.Call] = [.upload, .redirect, .download, .cookie, .delegate]
    for call in new {
      #expect(Session.info.calls.contains(call.rawValue), "urlsession does not call \(call)")
      for edge in Session.info.edges.indices {
        let problem = urlSessionRead(call, edge: edge)
        #expect(problem == nil, "\(call) on edge \(edge): \(problem ?? "")")
      }
    }
    for gap in ["upload", "download", "redirect", "cookies", "delegate", "not covered yet"] {
      #expect(Session.info.leavesOut?.contains(gap) == false, "urlsession leaves out \(gap)")
    }
  }

  /// The server echoes an upload's body, and the check wants that body, not the target.
  @Test func urlSessionUploadIsAnsweredItsOwnBody() throws {
    let server = try #require(LoopbackHTTPServer())
    defer { server.stop() }
    var request = URLRequest(url: try #require(URL(string: "http://127.0.0.1:\(server.port)/u")))
    request.httpMethod = "POST"
    let body = Session.uploadBody("/u", Step(thread: 1, seq: 9, random: 0))
    #expect(body.hasPrefix("1.9 /u\n") && body.count == 4 * "1.9 /u\n".count)
    let answer = Session.Answer()
    URLSession.shared.uploadTask(
      with: request, from: Data(body.utf8), completionHandler: answer.handler
    )
    .resume()
    #expect(answer.done.wait(timeout: .now() + 10) == .success)
    #expect(answer.status == 200 && answer.body == body)
    #expect(Session.judge(.upload, answer, body) == nil)
    #expect(Session.judge(.upload, answer, "/u") != nil)
  }

  /// A 302 is followed to its target; a completion given the 302 itself fails the check.
  @Test func urlSessionRedirectEndsAtTheTarget() throws {
    let server = try #require(LoopbackHTTPServer())
    defer { server.stop() }
    let base = "http://127.0.0.1:\(server.port)"
    let target = "/a%20b?q=1&r=%2F"
    let answer = Session.Answer()
    let url = try #require(URL(string: base + "/redirect" + target))
    URLSession.shared.dataTask(with: url, completionHandler: answer.handler).resume()
    #expect(answer.done.wait(timeout: .now() + 10) == .success)
    #expect(answer.status == 200 && answer.body == target && answer.url == base + target)
    #expect(Session.judge(.redirect, answer, target) == nil)
    let unfollowed = Session.Answer()
    let found = HTTPURLResponse(url: url, statusCode: 302, httpVersion: nil, headerFields: nil)
    unfollowed.handler(Data(), found, nil)
    #expect(Session.judge(.redirect, unfollowed, target) != nil)
  }

  /// The cookie a step is answered is named for its thread; after the step the shared storage
  /// holds its value.
  @Test func urlSessionCookieIsKeptPerThread() throws {
    let step = Step(thread: 3, seq: 41, random: 0)
    #expect(Session.cookie(step).name == "t3" && Session.cookie(step).value == "41")
    #expect(urlSessionRead(.cookie, edge: 1, thread: 3) == nil)
    let server = try #require(LoopbackHTTPServer())
    defer { server.stop() }
    let url = try #require(URL(string: "http://127.0.0.1:\(server.port)/"))
    let held = HTTPCookieStorage.shared.cookies(for: url)?.filter { $0.name == "t3" }
    #expect(held?.map(\.value) == ["41"])
  }

  /// The delegate hands each task its data once; data told twice, or callbacks for a task it
  /// was not told of, fail the check.
  @Test func urlSessionDelegateTellsDoubledDataAndStrays() throws {
    let session = URLSession(configuration: .ephemeral)
    defer { session.invalidateAndCancel() }
    let url = try #require(URL(string: "http://127.0.0.1:1/d"))
    let collector = Session.Collector()
    let task = session.dataTask(with: url)
    let answer = Session.Answer()
    collector.expect(task.taskIdentifier, answer)
    let response = HTTPURLResponse(url: url, statusCode: 200, httpVersion: nil, headerFields: nil)
    collector.urlSession(session, dataTask: task, didReceive: try #require(response)) { _ in }
    collector.urlSession(session, dataTask: task, didReceive: Data("/d".utf8))
    collector.urlSession(session, dataTask: task, didReceive: Data("/d".utf8))
    collector.urlSession(session, task: task, didCompleteWithError: nil)
    #expect(answer.calls.load(ordering: .acquiring) == 1 && answer.status == 200)
    #expect(Session.judge(.delegate, answer, "/d") != nil)
    #expect(collector.strays() == nil)
    collector.urlSession(session, dataTask: task, didReceive: Data("/d".utf8))
    #expect(collector.strays() != nil)
  }
}
