import Foundation
import StressKitCore

/// A finding as a person reads it: what failed and where, the shrunk scenario's table, the
/// interleaving step by step, and how to run it again. The engine hands findings over as data
/// (`Finding`); this is the one place they are worded, for a trial's detail (and so the CSV,
/// the console, JUnit, HTML and markdown), for `explore()`'s report and for a Swift Testing
/// issue, which differ only in how they say to run the failure again.
package struct FindingText: Sendable {
  /// How to run a failure again: given its replay token (a controlled schedule), or nil (a
  /// model test's trial under stress, run again by its seed).
  package var replay: @Sendable (_ token: String?) -> String

  package init(replay: @escaping @Sendable (_ token: String?) -> String) {
    self.replay = replay
  }

  /// For a trial of `spec`: the command line that runs it again, as `program` is called
  /// (this one, by default).
  package static func command(for spec: TrialSpec, program: String = program) -> FindingText {
    FindingText { token in
      let head = "\(program) run --subjects \(spec.subject) --wrappers \(spec.wrapper) "
      guard let token else {
        let budget =
          spec.bound.opsPerThread.map { "--ops \($0)" }
          ?? "--duration \(spec.bound.seconds ?? 0)"
        return head
          + "--threads \(spec.threads) --read-ratio \(spec.readRatio) \(budget) --trials 1 "
          + "--warmup 0 --seed \(spec.seed)"
      }
      // A strategy runs bare: a stress failure's wrapper is not the replay's.
      return "\(program) run --subjects \(spec.subject) --wrappers unprotected "
        + "--threads \(spec.threads) --trials 1 --warmup 0 --strategy replay:\(token)"
    }
  }

  /// For `ModelTest.explore()`: the strategy that replays the schedule.
  package static let explore = FindingText { token in ".replay(\"\(token ?? "")\")" }

  /// This process's program as a command names it: `stress`, or a user's own tool.
  package static var program: String {
    CommandLine.arguments.first.map { $0.split(separator: "/").last.map(String.init) ?? $0 }
      ?? "stress"
  }

  /// A trial's detail: what the engine or the runner said of it, then its finding's words.
  package func detail(_ result: TrialResult) -> String {
    result.detail + (result.finding.map(words) ?? "")
  }

  /// The finding's own words; "" for one whose detail says all (a crash, a corrupt read).
  package func words(_ finding: Finding) -> String {
    guard let circumstance = finding.circumstance else {
      guard finding.kind == .replayDiverged else { return "" }
      return "replay diverged: the run asked for other choices than the token records, so the "
        + "code under test depends on more than its scheduling (time, randomness, hashing, or "
        + "threads of its own), or changed since the token was printed"
    }
    let table = finding.scenario.map(Self.table) ?? ""
    let steps = finding.interleaving ?? []
    let headline =
      "schedule \(finding.schedule ?? 0) (scenario \(finding.scenarioNumber ?? 0)) of "
      + "\(finding.strategy.map { "\($0)" } ?? "?"), seed \(finding.seed ?? 0)"
    var lines: [String]
    switch circumstance {
    case .invocations(let failed, let invocations, let original):
      let calls = finding.scenario.map(Self.calls) ?? 0
      let shrunk =
        calls < original
        ? "shrunk from \(original) calls to \(calls)" : "\(original) calls, none could go"
      lines =
        [
          "not linearizable: scenario \(finding.scenarioNumber ?? 0) of seed \(finding.seed ?? 0) "
            + "failed in \(failed) of \(invocations) invocations; \(shrunk):", table,
          "replay: \(replay(nil))",
        ] + (finding.explained.map(explained) ?? [])
    case .history(let switches):
      lines = history(finding, headline, table, switches: switches)
    case .race(let cell, let first, let second):
      lines = interleaved(Self.race(cell, first, second, headline), table, finding)
    case .failsAlone:
      lines = [
        "broken test: \(headline) is not linearizable, but neither is its scenario run on one "
          + "thread (the initial part, each thread's calls in turn, the post part), so an "
          + "operation answers what the specification does not (a nondeterministic result, a "
          + "wrong specification), and no race is to blame:", table,
      ]
    case .answersAlone:
      lines = ["on one thread it answered what its specification would not:", table]
    case .deadlock(let blocked):
      lines =
        ["deadlock: no thread can go on in \(headline):"] + blocked.map(Self.line) + [
          table, "interleaving (\(steps.count + finding.stepsLeftOut) steps):",
          Self.trace(steps, leftOut: finding.stepsLeftOut, last: 60),
          "replay: \(replay(finding.replay))",
        ]
    case .livelock(let points):
      lines = [
        "livelock in \(headline): no schedule finished within \(points) steps: threads keep "
          + "reaching primitives without finishing (a livelock, or a spin on a scheduled "
          + "atomic)", table, "the last steps:", Self.trace(steps, leftOut: finding.stepsLeftOut),
      ]
    case .spin(let thread, let operation, let seconds):
      lines = [
        "stuck in \(headline): thread \(thread) ran for \(String(format: "%.1f", seconds)) s"
          + (operation.map { " in \($0)" } ?? "")
          + " without reaching a scheduled primitive: a spin, or a blocking call the scheduler "
          + "does not see (a lock, queue, sleep or I/O not among its primitives)", table,
      ]
    case .blocked(let call):
      lines = [Self.blocked(call, headline), table]
    case .misuse(let thread, let operation, let primitive, let what):
      lines = interleaved(
        thread == 0
          ? "misused primitive in \(headline): \(primitive) was \(what); run that work on the "
            + "schedule's own threads (a scheduled queue's async) or keep the primitive to them:"
          : "misused primitive in \(headline): thread \(thread)"
            + (operation.isEmpty ? "" : " in \(operation)") + ", at \(primitive): \(what), "
            + "which the primitive it stands for does not allow:", table, finding)
    }
    var text = lines.joined(separator: "\n")
    if let check = finding.checkBlocked {
      text +=
        "\n(its one-thread check, run to rule out a broken test, blocked: \(check.call) "
        + "\(Self.within(check)), waiting for what only another thread does, so a broken test "
        + "is not ruled out)"
    }
    return text
  }

  /// A controlled schedule's history no order explains: the table, the await that let other
  /// calls in if one did, the interleaving and the replay.
  func history(_ finding: Finding, _ headline: String, _ table: String, switches: Int)
    -> [String]
  {
    let steps = finding.interleaving ?? []
    return [
      "not linearizable: \(headline): no order of the calls explains what they answered:", table,
    ] + (finding.reentrancy.map { [Self.reentrancy($0)] } ?? []) + [
      "interleaving (\(steps.count) steps, \(switches) switch\(switches == 1 ? "" : "es")):",
      Self.trace(steps, leftOut: finding.stepsLeftOut), "replay: \(replay(finding.replay))",
    ]
  }

  /// An await that let other calls in, as the trace shows it.
  static func reentrancy(_ r: Finding.Reentrancy) -> String {
    let others =
      r.others.count == 1
      ? r.others[0] : r.others.dropLast().joined(separator: ", ") + " and " + r.others.last!
    return "reentrancy: thread \(r.thread)'s \(r.operation) suspended at an await inside it "
      + "(step \(r.suspended)), and \(others) \(r.whole ? "returned" : "ran") before it returned "
      + "(step \(r.returned)): what it read before the await may have changed by then"
  }

  /// A data race's headline: both accesses, the earlier first.
  static func race(
    _ cell: String, _ first: Finding.Access, _ second: Finding.Access, _ headline: String
  ) -> String {
    func access(_ a: Finding.Access, _ what: String) -> String {
      "thread \(a.thread)'s \(a.writes ? "write" : "read") of \(what) (step \(a.step)"
        + (a.operation.isEmpty ? ")" : ", in \(a.operation))")
    }
    return "data race: \(headline): \(access(first, cell)) and \(access(second, "it")) are not "
      + "ordered by any scheduled primitive (a lock's release before its next acquire, a store "
      + "before the load that sees it), so they race in every schedule where both happen, "
      + "whichever runs first:"
  }

  /// A call run outside the scheduler that blocked, where it did.
  static func blocked(_ call: Finding.BlockedCall, _ headline: String) -> String {
    let within = within(call)
    switch call.part {
    case .check:
      return "broken test: in \(headline), the check of the history \(within): it runs the "
        + "operations alone on fresh instances (the model test is its own specification), and "
        + "one of them blocked: an operation that blocks alone (waiting for a call another "
        + "thread makes) cannot be checked"
    case .initial:
      return "broken test: in \(headline), the initial part's call \(call.call) \(within), with "
        + "no other thread running: an operation that blocks alone (waiting for a call another "
        + "thread makes) cannot be explored"
    case .post:
      return "stuck in \(headline): the post part's call \(call.call) \(within), after every "
        + "thread had finished: the parallel part left the object where a call blocks (a lost "
        + "wake-up, a lock never released)"
    }
  }

  static func within(_ call: Finding.BlockedCall) -> String {
    "did not return within \(Budget.durationText(call.seconds))"
  }

  /// A headline, the scenario's table, then the interleaving and the replay.
  func interleaved(_ headline: String, _ table: String, _ finding: Finding) -> [String] {
    let steps = finding.interleaving ?? []
    return [
      headline, table, "interleaving (\(steps.count) steps):",
      Self.trace(steps, leftOut: finding.stepsLeftOut), "replay: \(replay(finding.replay))",
    ]
  }

  /// A stress failure's scenario as the controlled scheduler explored it.
  func explained(_ explained: Finding.Explained) -> [String] {
    switch explained {
    case .found(let found):
      let same = found.kind == .notLinearizable || found.kind == .dataRace
      return [
        "explored under the controlled scheduler, the shrunk scenario fails "
          + (same ? "the same way" : "another way") + ", one thread at a time:\n" + words(found)
      ]
    case .notFound(let schedules):
      return [
        "explored under the controlled scheduler, no schedule of the shrunk scenario failed "
          + "the same way in \(schedules) schedules (a random walk): the race lies where the "
          + "scheduler cannot switch (inside a call it does not see) or is rarer than that"
      ]
    case .blind(let schedules):
      return [
        "not explored: the operations reached no scheduled primitive in \(schedules) "
          + "schedules, so the controlled scheduler could switch only between whole operations "
          + "(build the type on ScheduledMutex, ScheduledQueue... to see the interleaving)"
      ]
    case .notRun(let why): return ["not explored under the controlled scheduler: \(why)"]
    }
  }

  /// A deadlocked thread's line: its operation, what it holds and what it waits for.
  static func line(_ thread: Finding.Blocked) -> String {
    var line = "  thread \(thread.thread)"
    if !thread.operation.isEmpty { line += " in \(thread.operation)" }
    line += ": holds [" + thread.holds.joined(separator: ", ") + "]"
    if let at = thread.waitsAt {
      if let until = thread.until {
        line += ", waits on \(at) for \(until)"
      } else {
        line += ", waits for \(at)"
        if let holder = thread.holder { line += " (held by thread \(holder))" }
      }
    }
    return line
  }
}
