import StressKit
import StressReports
import Testing

extension GoldenTests {
  /// Findings made by hand, one of each circumstance the engine hands over, as the reports word
  /// them: the one wording of a finding, pinned whatever the engine's runs happen to find.
  static var handMadeFindings: [(String, Finding)] {
    let scenario = Finding.Scenario(
      initial: [.init("put(1, 2)", answer: nil)],
      parallel: [
        [.init("get(1)", answer: "2"), .init("remove(1)", answer: "true")],
        [.init("remove(1)", answer: "true")],
      ],
      post: [.init("get(1)", answer: "nil")])
    let steps = [
      Finding.Step(thread: 1, operation: "get(1)", action: "starts", primitive: nil),
      Finding.Step(
        thread: 1, operation: "get(1)", action: "lock(lock 1)", primitive: "lock 1"),
      Finding.Step(thread: 2, operation: "remove(1)", action: "starts", primitive: nil),
      Finding.Step(
        thread: 2, operation: "remove(1)", action: "lock(lock 1)", primitive: "lock 1"),
    ]
    func made(_ kind: Finding.Kind, _ what: Finding.Circumstance?, steps: [Finding.Step]? = nil)
      -> Finding
    {
      var finding = Finding(
        kind, scenario: scenario, interleaving: steps, replay: "2.7.3.0110", schedule: 4,
        scenarioNumber: 3)
      (finding.strategy, finding.seed, finding.circumstance) = (.pct(depth: 2), 7, what)
      return finding
    }
    var livelock = made(.livelock, .livelock(points: 100_000), steps: steps)
    livelock.stepsLeftOut = 99_996
    // A stress failure, its shrunk scenario then explored under the controlled scheduler.
    func stress(_ explained: Finding.Explained) -> Finding {
      var finding = made(.notLinearizable, .invocations(failed: 3, of: 40, calls: 9))
      finding.explained = explained
      return finding
    }
    var explored = made(.notLinearizable, .history(switches: 1), steps: steps)
    (explored.replay, explored.strategy) = ("2.7.s1-2~0-1_2-1~2-1~0-1.0110", .randomWalk)
    var unruled = made(.notLinearizable, .history(switches: 1), steps: steps)
    unruled.checkBlocked = .init(.check, call: "get(1)", seconds: 2.5)
    return [
      (
        "not linearizable under stress",
        made(.notLinearizable, .invocations(failed: 3, of: 40, calls: 9))
      ),
      (
        "not linearizable, none could go",
        made(.notLinearizable, .invocations(failed: 1, of: 1, calls: 6))
      ),
      (
        "not linearizable under control",
        made(.notLinearizable, .history(switches: 1), steps: steps)
      ),
      ("under stress, then explored: found", stress(.found(explored))),
      ("under stress, then explored: not found", stress(.notFound(schedules: 12_345))),
      ("under stress, then explored: blind", stress(.blind(schedules: 100))),
      (
        "under stress, not explored",
        stress(.notRun("the explorer's thread could not start"))
      ),
      ("its one-thread check blocked", unruled),
      (
        "data race",
        made(
          .dataRace,
          .race(
            cell: "count",
            first: .init(thread: 1, operation: "get(1)", step: 2, writes: true),
            second: .init(thread: 2, operation: "", step: 4, writes: false)), steps: steps)
      ),
      (
        "misused primitive",
        made(
          .misuse,
          .misuse(
            thread: 2, operation: "remove(1)", primitive: "lock 1",
            what: "unlocks it while thread 1 holds it"), steps: steps)
      ),
      ("fails alone", made(.brokenTest, .failsAlone)),
      ("answers alone under stress", made(.brokenTest, .answersAlone)),
      (
        "deadlock",
        made(
          .deadlock,
          .deadlock([
            .init(
              thread: 1, operation: "get(1)", holds: ["lock 1"], waitsAt: "lock 2", until: nil,
              holder: 2),
            .init(
              thread: 2, operation: "", holds: [], waitsAt: "condition 1", until: "ready",
              holder: nil),
          ]), steps: steps)
      ),
      ("livelock", livelock),
      ("spin", made(.stuckThread, .spin(thread: 2, operation: "remove(1)", seconds: 2.04))),
      (
        "spin outside an operation",
        made(.stuckThread, .spin(thread: 1, operation: nil, seconds: 3))
      ),
      (
        "initial part blocked",
        made(.brokenTest, .blocked(.init(.initial, call: "put(1, 2)", seconds: 2)))
      ),
      ("post part blocked", made(.stuckThread, .blocked(.init(.post, call: "get(1)", seconds: 2)))),
      ("check blocked", made(.brokenTest, .blocked(.init(.check, call: "?", seconds: 2.5)))),
      ("replay diverged", Finding(.replayDiverged)),
      ("a crash: its detail says all", Finding(.crash, crashSite: "main.swift:3")),
    ]
  }

  @Test func theTextOfEveryKindOfFinding() throws {
    let spec = TrialSpec(
      subject: "cache", wrapper: "lock", threads: 2, readRatio: 0.25, bound: .ops(500), seed: 7)
    let words = FindingText.command(for: spec, program: "stress")
    let text = Self.handMadeFindings.map { "## \($0.0)\n\(words.words($0.1))\n" }
    try matches(text.joined(separator: "\n"), "findings.txt")
    // A Swift Testing issue and `explore()` differ only in how they say to run it again.
    let finding = Self.handMadeFindings[2].1
    let check = FindingText { ".check(\($0 ?? "seed"))" }.words(finding)
    #expect(check.hasSuffix("\nreplay: .check(2.7.3.0110)"))
    #expect(FindingText.explore.words(finding).hasSuffix("\nreplay: .replay(\"2.7.3.0110\")"))
    func allButReplay(_ text: String) -> [Substring] { text.split(separator: "\n").dropLast() }
    #expect(allButReplay(check) == allButReplay(words.words(finding)))
  }
}
