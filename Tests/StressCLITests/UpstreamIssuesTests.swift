import Foundation
import FoundationSubjects
import StressKit
import Testing

/// docs/upstream-issues.json names, for each upstream bug a subject aims at, a subject of the
/// catalog that makes the triggering call on the triggering input.
@Suite struct UpstreamIssuesTests {
  struct File: Decodable {
    var issues: [Issue]
  }

  struct Issue: Decodable {
    var tracker: String
    var number: Int
    var kind: String
    var title: String
    var types: [String]
    var status: String
    var fixed_in: String?
    var effect: String
    var subject: String?
    var trigger: Trigger?
    var why_no_subject: String?
  }

  struct Trigger: Decodable {
    var call: String
    var input: String
  }

  func issues() throws -> [Issue] {
    let url = packageRoot.appendingPathComponent("docs/upstream-issues.json")
    return try JSONDecoder().decode(File.self, from: Data(contentsOf: url)).issues
  }

  @Test func everyIssueIsNamedOnceWithItsStatusAndTypes() throws {
    let all = try issues()
    #expect(all.count >= 37)
    let keys = all.map { "\($0.tracker)#\($0.number)" }
    #expect(Set(keys).count == keys.count, "an issue listed twice")
    for issue in all {
      #expect(["swift-corelibs-foundation", "swift-foundation"].contains(issue.tracker))
      #expect(["issue", "pull request"].contains(issue.kind))
      #expect(["open", "fixed"].contains(issue.status), "\(issue.number)")
      #expect(!issue.title.isEmpty && !issue.types.isEmpty && !issue.effect.isEmpty)
      // A fixing release is a version the table can compare with the run's toolchain (an
      // open issue may name one: its fix is on that release's branch).
      if let release = issue.fixed_in {
        #expect(release.split(separator: ".").allSatisfy { Int($0) != nil }, "\(release)")
      }
    }
  }

  @Test func eachTriggerIsACallAndAnInputOfItsSubject() throws {
    let infos = Dictionary(
      FoundationCatalog.catalog.subjects.map { ($0.info.id, $0.info) },
      uniquingKeysWith: { a, _ in a })
    var aimed = 0
    for issue in try issues() {
      guard let id = issue.subject else {
        #expect(issue.trigger == nil)
        // An issue no subject aims at says what a subject would need (issue 51, point 4).
        #expect(issue.why_no_subject?.isEmpty == false, "\(issue.number): no subject, and no why")
        continue
      }
      #expect(issue.why_no_subject == nil, "\(issue.number): a subject, and a why not")
      aimed += 1
      let info = try #require(infos[id], "\(issue.number): no subject \(id)")
      let trigger = try #require(issue.trigger, "\(issue.number): a subject without a trigger")
      #expect(info.calls.contains(trigger.call), "\(id) does not call \(trigger.call)")
      if trigger.input != "-" {
        // The input is one of the domain's edge values, which every thread meets at once.
        let edges = info.inputs.flatMap(Self.edges)
        #expect(
          edges.contains { $0 == trigger.input || $0.hasPrefix(trigger.input + " ") },
          "\(id): \(trigger.input) is not an edge of \(info.inputs)")
      }
    }
    #expect(aimed >= 8)
  }

  /// The edge values an `InputDomain.summary` spells: "name: a, b, c and 12 ordinary".
  static func edges(_ summary: String) -> [String] {
    guard let colon = summary.range(of: ": ") else { return [] }
    var values = summary[colon.upperBound...].components(separatedBy: ", ")
    if let last = values.last, let and = last.range(of: " and ", options: .backwards),
      last.hasSuffix(" ordinary")
    {
      values[values.count - 1] = String(last[..<and.lowerBound])
    }
    return values
  }
}
