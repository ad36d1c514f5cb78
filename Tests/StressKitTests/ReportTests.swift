import Foundation
import StressKit
import StressReports
import StressTestSupport
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Elements of an XML document, parsed back with Foundation's parser.
final class ElementCollector: NSObject, XMLParserDelegate {
  var elements: [(name: String, attributes: [String: String])] = []
  var text = ""

  func parser(
    _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
    qualifiedName: String?, attributes: [String: String]
  ) {
    elements.append((name, attributes))
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    text += string
  }

  /// Parses `xml`; nil if it is not well-formed.
  static func parse(_ xml: String) -> ElementCollector? {
    let collector = ElementCollector()
    let parser = XMLParser(data: Data(xml.utf8))
    parser.delegate = collector
    return parser.parse() ? collector : nil
  }

  func named(_ name: String) -> [[String: String]] {
    elements.filter { $0.name == name }.map(\.attributes)
  }
}

/// JUnit and HTML written from crafted cells, then read back.
@Suite struct ReportTests {
  typealias F = ResultsFixtures

  var cells: [CellStatistics] {
    let lock = F.cell("lock")
    let bare = F.cell("unprotected")
    let broken = F.cell("lock", subject: "t")
    let records =
      (0..<3).map { F.trial(lock, $0, opsPerSecond: 1e6) }
      + [F.trial(F.cell("lock", threads: 1), 0, opsPerSecond: 3e6)]
      + [F.trial(bare, 0, outcome: .crash), F.trial(bare, 1, opsPerSecond: 2e6)]
      + [F.trial(broken, 0, outcome: .corrupt), F.trial(broken, 1, outcome: .error)]
      + [F.trial(F.cell("mutex", subject: "t"), 0, outcome: .corrupt)]
    return CellStatistics.compute(records)
  }

  @Test func junitParsesBackWithASuitePerSubjectAndACasePerCell() throws {
    let xml = JUnitWriter.render(RunDigest(cells), name: "stress fixture <&>")
    let doc = try #require(ElementCollector.parse(xml))
    #expect(doc.named("testsuites").first?["name"] == "stress fixture <&>")
    #expect(doc.named("testsuites").first?["tests"] == "5")
    #expect(doc.named("testsuite").map { $0["name"] } == ["s", "t"])
    #expect(doc.named("testcase").count == 5)
    #expect(doc.named("testcase").first?["classname"] == "stress.s")
    // The protected lock of t failed with an error trial: an <error>; its mutex: a <failure>.
    #expect(doc.named("error").count == 1)
    #expect(doc.named("failure").count == 1)
    #expect(doc.named("failure").first?["type"] == "corrupt")
    #expect(doc.named("testsuite").map { $0["failures"] } == ["0", "1"])
    #expect(doc.named("testsuite").map { $0["errors"] } == ["0", "1"])
    // The unprotected crash is a finding in system-out, not a failure.
    #expect(doc.named("system-out").count == 1)
    #expect(doc.text.contains("finding (unprotected, does not fail the build)"))
    #expect(doc.text.contains("crash in trial 0"))
  }

  @Test func htmlIsWellFormedSelfContainedAndDrawsSVG() throws {
    let html = HTMLReport(
      title: "stress: fixture", sources: ["a.csv: fixture"], digest: RunDigest(cells)
    )
    .render()
    let doc = try #require(ElementCollector.parse(html))
    // A chart per subject, each with a median line and its band.
    #expect(doc.named("svg").count == 2)
    #expect(doc.named("polyline").count >= 1)
    #expect(doc.named("polygon").count >= 1)
    // The outcome grid colours cells; the verdict table is there.
    #expect(doc.named("td").contains { $0["style"]?.contains("background:") == true })
    #expect(doc.text.contains("Documented versus measured"))
    #expect(doc.text.contains("unsafe: 1 of 2 trials failed (crash 1)"))
    // Nothing to fetch: no scripts, images, stylesheets or links off the page.
    for tag in ["script", "img", "link", "iframe", "object"] {
      #expect(doc.named(tag).isEmpty, "\(tag)")
    }
    #expect(doc.elements.allSatisfy { $0.attributes["href"].map { $0.hasPrefix("#") } ?? true })
    #expect(doc.elements.allSatisfy { $0.attributes["src"] == nil })
    #expect(!html.contains("url("))
    #expect(!html.contains("@import"))
  }

  @Test func aSubjectWithoutThroughputSaysSo() throws {
    let cell = F.cell("unprotected")
    let stats = CellStatistics.compute([F.trial(cell, 0, outcome: .crash)])
    let html = HTMLReport(title: "t", sources: [], digest: RunDigest(stats)).render()
    #expect(ElementCollector.parse(html) != nil)
    #expect(html.contains("no trial finished"))
  }

  @Test func theWrapperHeatmapColoursRatiosAndMarksFailures() throws {
    let rates: [String: Double] = ["lock": 4e6, "rwlock": 8e6, "mutex": 2e6]
    var records: [TrialRecord] = []
    for (wrapper, rate) in rates {
      records += (0..<6).map {
        F.trial(F.cell(wrapper), $0, opsPerSecond: rate * (1 + Double($0 % 3) / 100))
      }
    }
    records += [F.trial(F.cell("semaphore"), 0, outcome: .corrupt)]
    let html = HTMLReport(
      title: "t", sources: [], digest: RunDigest(CellStatistics.compute(records))
    ).render()
    let doc = try #require(ElementCollector.parse(html))
    #expect(doc.text.contains("Wrappers side by side"))
    // The best is 1.00 and green; lock at half of it; a failed wrapper marked, not coloured.
    #expect(
      html.contains("style=\"background:\(HTMLReport.heat(1))\" title=\"8.1M ops/s\">1.00</td>"))
    #expect(html.contains("\">0.50</td>"))
    #expect(html.contains("<td class=\"failed\">failed</td>"))
    #expect(HTMLReport.heat(1) == "hsl(120,65%,38%)" && HTMLReport.heat(0.01) == "hsl(0,65%,38%)")
  }

  @Test func theHeatmapsRecommendationsCarryTheRunsModeAndCores() {
    func steady(_ wrapper: String, _ median: Double, threads: Int) -> [TrialRecord] {
      (0..<6).map {
        F.trial(
          F.cell(wrapper, threads: threads), $0,
          opsPerSecond: median * (1 + Double($0 % 3) / 100))
      }
    }
    let records =
      steady("mutex", 6e6, threads: 2) + steady("lock", 3e6, threads: 2)
      + steady("mutex", 1e6, threads: 4) + steady("lock", 4e6, threads: 4)
    let html = HTMLReport(
      title: "t", sources: [],
      digest: RunDigest(
        CellStatistics.compute(records), context: RunDigest.Context(mode: "quick", cores: 2))
    ).render()
    #expect(html.contains("once threads outnumber the 2 cores"))
    #expect(html.contains("--threads 2,4 --read-ratio 0.5 --mode quick</code>"))
  }
}

/// Reports choose what to show from a finding's kind, never from the words of its detail.
@Suite struct FindingKindTests {
  typealias F = ResultsFixtures

  @Test func aFailingScenarioIsChosenByItsKindNotItsWords() {
    let cell = F.cell("unprotected")
    var byKind = F.trial(cell, 0, outcome: .corrupt)
    byKind.result.detail = "a detail in any words"
    byKind.result.finding = Finding(.notLinearizable)
    var byWords = F.trial(F.cell("unprotected", subject: "t"), 0, outcome: .corrupt)
    byWords.result.detail = "not linearizable: scenario 1 of seed 1 failed"
    byWords.result.finding = Finding(.corruptRead)
    let digest = RunDigest(CellStatistics.compute([byKind, byWords]))
    #expect(digest.failingScenarios.map(\.cell.subject) == ["s"])
  }
}
