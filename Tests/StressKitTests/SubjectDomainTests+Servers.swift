import Foundation
import FoundationSubjects
import StressKit
import Testing

@testable import StressKitEngine

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

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

  @Test func currentSettingsAskEveryCurrentValueOnDateEdgesInAFreshProcess() throws {
    typealias S = CurrentSettingsSubject
    let info = S.info
    #expect(info.freshProcess && info.readOnly)
    #expect(info.edges.count == Edges.dates.count && info.edges.first == "0.0")
    for call in ["Locale.current", "TimeZone.current", "Calendar.current", "autoupdatingCurrent"] {
      #expect(info.calls.contains { $0.contains(call) }, "current-settings does not call \(call)")
    }
    // Each call answers what the process answers when asked directly.
    #expect(S.answer(.locale, 0) == Locale.current.identifier)
    #expect(S.answer(.zone, 0) == TimeZone.current.identifier)
    #expect(
      S.answer(.offset, 0).hasPrefix(
        "\(TimeZone.current.secondsFromGMT(for: Date(timeIntervalSince1970: 0))) "))
    // A focused trial of every thread on one (call, date) passes its checks, here in-process.
    var spec = TrialSpec(
      subject: info.id, wrapper: "unprotected", threads: 4, readRatio: 1, bound: .ops(300),
      seed: 5)
    spec.focus = Focus(call: 8, edge: 4)
    let result = Trial.run(spec, catalog: FoundationCatalog.catalog)
    #expect(result.outcome == .ok, "\(result.detail)")
  }

  @Test func operationQueueAddsDependsBarriersCancelsAndWaitsAndCountsEveryOperation() {
    let info = OperationQueueSubject.info
    for call in [
      "addOperation(_:)", "addDependency(_:)", "addOperations(_:waitUntilFinished: false)",
      "addBarrierBlock(_:)", "cancel()", "waitUntilFinished()",
      "waitUntilAllOperationsAreFinished()", "operationCount",
    ] {
      #expect(info.calls.contains { $0.contains(call) }, "operationqueue does not call \(call)")
    }
    // Every thread's writes and reads on one queue pass their checks, here in-process.
    let spec = TrialSpec(
      subject: info.id, wrapper: "unprotected", threads: 4, readRatio: 0.5, bound: .ops(400),
      seed: 11)
    let result = Trial.run(spec, catalog: FoundationCatalog.catalog)
    #expect(result.outcome == .ok, "\(result.detail)")
    #expect((result.writes ?? 0) > 0 && (result.reads ?? 0) > 0)
    // The end check counts what never ran: writes claimed but never made are missing.
    let subject = OperationQueueSubject(shape: TrialShape(threads: 2, opsPerThread: 8))
    subject.write(Step(thread: 0, seq: 0, random: 0))
    let violations = subject.check(writesPerThread: [1, 3])
    #expect(violations.count == 3 && violations.first == "3 operations never ran")
  }

  /// The loopback server answers each target with the target, a closed port refuses, and the
  /// subject judges what each call may answer.
  @Test func urlSessionCallsALoopbackServerOfItsOwnAndARefusedPort() throws {
    let server = try #require(LoopbackHTTPServer())
    defer { server.stop() }
    let answer = URLSessionSubject.Answer()
    let url = try #require(URL(string: "http://127.0.0.1:\(server.port)/a%20b?q=1"))
    URLSession.shared.dataTask(with: url, completionHandler: answer.handler).resume()
    #expect(answer.done.wait(timeout: .now() + 10) == .success)
    #expect(answer.status == 200 && answer.body == "/a%20b?q=1")
    #expect(URLSessionSubject.judge(.shared, answer, "/a%20b?q=1") == nil)
    #expect(
      URLSessionSubject.judge(.shared, answer, "/other")?.contains("answered status 200") == true)
    let refused = URLSessionSubject.Answer()
    let port = try #require(LoopbackHTTPServer.closedPort())
    let closed = try #require(URL(string: "http://127.0.0.1:\(port)/"))
    URLSession.shared.dataTask(with: closed, completionHandler: refused.handler).resume()
    #expect(refused.done.wait(timeout: .now() + 10) == .success)
    #expect(refused.error != nil && URLSessionSubject.judge(.refused, refused, "/") == nil)
    #expect(URLSessionSubject.judge(.shared, refused, "/") != nil)

    let info = URLSessionSubject.info
    for call in [
      "URLSession.shared", "ephemeral", "cancel()", "refused", "finishTasksAndInvalidate",
      "invalidateAndCancel",
    ] {
      #expect(info.calls.contains { $0.contains(call) }, "urlsession does not call \(call)")
    }
    // Its trials run in a worker of their own (ServerSubjectsTests): URLSession can crash or
    // hang a process, and this one runs every test.
  }
}
