import StressKit
import StressReports
import StressTestSupport
import Testing

/// Documented versus measured, with the rule of three when nothing failed.
@Suite struct VerdictTests {
  typealias F = ResultsFixtures

  func verdicts(_ records: [TrialRecord]) -> [Verdict] {
    RunDigest(CellStatistics.compute(records)).verdicts
  }

  @Test func noFailureGivesTheRuleOfThreeBound() {
    let cell = F.cell("unprotected")
    let v = verdicts((0..<60).map { F.trial(cell, $0) })
    #expect(v.count == 1)
    #expect(v[0].upperBound95 == 0.05)
    #expect(
      v[0].measured
        == "no failure seen in 60 trials (failure rate < 5% per trial, 95%; no positive control ran)"
    )
  }

  @Test func underAStrategyTheTrialsAreCountedInSchedulesAndTheMissingControlIsNamed() {
    func explored(_ argument: String, control: Bool) -> String {
      let strategy = ScheduleStrategy(argument: argument)!
      var cell = F.cell("unprotected")
      cell.strategy = strategy
      var records = (0..<3).map { F.trial(cell, $0) }
      if control {
        records += (0..<3).map {
          F.trial(.control(threads: 2, strategy: strategy), $0, outcome: .corrupt)
        }
      }
      return verdicts(records)[0].measured
    }
    let ops = F.trial(F.cell("unprotected"), 0).result.ops ?? 0
    #expect(
      explored("pct:2", control: true)
        == "no failure seen in 3 trials of --strategy pct:2, \(3 * ops) schedules in all "
        + "(failure rate < 100% per trial, 95%; the positive control was caught in 3 of 3 "
        + "trials)")
    // A random strategy without its control (--no-control) says so; a search has none.
    #expect(explored("random-walk", control: false).hasSuffix("; no positive control ran)"))
    #expect(
      explored("exhaustive:1", control: false)
        .hasSuffix("; no positive control: a bounded search's power is its bound)"))
  }

  /// A bounded search claims its coverage, not a sample's bound; a search cut short claims
  /// nothing, and one cut short in every trial is inconclusive.
  @Test func aSearchStatesItsCoverageAndOneCutShortClaimsNothing() {
    var cell = F.cell("unprotected")
    cell.strategy = .exhaustive(preemptions: 2)
    func trial(_ n: Int, complete: Bool, scenarios: Int = 20, schedules: Int = 1_000)
      -> TrialRecord
    {
      var record = F.trial(cell, n)
      record.result.ops = schedules
      record.result.reads = nil
      record.result.writes = nil
      record.result.scenarios = scenarios
      record.result.searchComplete = complete
      return record
    }
    let covered = verdicts([trial(0, complete: true), trial(1, complete: true, scenarios: 22)])[0]
    #expect(
      covered.measured
        == "every schedule with at most 2 preemptions of 42 scenarios passed (2000 schedules "
        + "in 2 trials)")
    #expect(covered.finding == "no failure seen")
    let mixed = verdicts([trial(0, complete: true), trial(1, complete: false)])[0]
    #expect(
      mixed.measured
        == "every schedule with at most 2 preemptions of 20 scenarios passed (1000 schedules "
        + "in 1 trial); the search was cut short in 1 more trial, which claims nothing")
    let cut = verdicts([trial(0, complete: false), trial(1, complete: false)])[0]
    #expect(cut.inconclusive && cut.finding == "inconclusive")
    #expect(
      cut.measured
        == "inconclusive: no failure seen in 2 trials, but every trial's search was cut short "
        + "(at the time budget or ten times the schedule budget), so none covered its bound")
  }

  // MARK: - The positive control

  /// `caught` of `trials` control trials at `threads`.
  func control(threads: Int, caught: Int, of trials: Int) -> [TrialRecord] {
    (0..<trials).map {
      F.trial(.control(threads: threads), $0, outcome: $0 < caught ? .corrupt : .ok)
    }
  }

  /// 30 passing unprotected trials at `threads`.
  func clean(threads: Int) -> [TrialRecord] {
    (0..<30).map { F.trial(F.cell("unprotected", threads: threads), $0) }
  }

  @Test func aControlCaughtEverywhereBacksTheBoundAndIsQuoted() {
    let records =
      clean(threads: 2) + clean(threads: 4) + control(threads: 2, caught: 10, of: 10)
      + control(threads: 4, caught: 9, of: 10)
    let v = verdicts(records)
    // The control is the run's measure, not a subject with a verdict of its own.
    #expect(v.map(\.subject) == ["s"])
    #expect(!v[0].inconclusive)
    #expect(v[0].poweredTrials == 60)
    #expect(v[0].upperBound95 == 0.05)
    #expect(
      v[0].measured
        == "no failure seen in 60 trials (failure rate < 5% per trial, 95%; "
        + "the positive control was caught in 19 of 20 trials)")
  }

  @Test func trialsWhereTheControlWasMostlyMissedDoNotCount() {
    let records =
      clean(threads: 2) + clean(threads: 8) + control(threads: 2, caught: 10, of: 10)
      + control(threads: 8, caught: 4, of: 10)
    let v = verdicts(records)
    #expect(!v[0].inconclusive)
    #expect(v[0].poweredTrials == 30)
    #expect(v[0].upperBound95 == 0.1)
    #expect(
      v[0].measured
        == "no failure seen in 30 trials (failure rate < 10% per trial, 95%; "
        + "the positive control was caught in 10 of 10 trials); 30 trials not counted: "
        + "the control was caught in 4 of 10 trials at 8 threads")
  }

  @Test func noFailureWhereTheControlWasMissedIsInconclusive() {
    var cell = F.cell("unprotected")
    cell.documented = .unsafe
    let records = (0..<30).map { F.trial(cell, $0) } + control(threads: 2, caught: 1, of: 6)
    let v = verdicts(records)
    #expect(v[0].inconclusive)
    #expect(v[0].upperBound95 == nil)
    #expect(
      v[0].measured
        == "inconclusive: no failure seen in 30 trials, but the positive control was caught in 1 "
        + "of 6 trials at 2 threads: the run could not have seen a race like it")
    // Not "no failure reproduced": the run could not tell.
    #expect(v[0].disagreement == nil)
  }

  @Test func aFailureIsAVerdictWhateverTheControlSaw() {
    let records =
      [F.trial(F.cell("unprotected"), 0, outcome: .crash)]
      + control(threads: 2, caught: 0, of: 4)
    let v = verdicts(records)
    #expect(!v[0].inconclusive)
    #expect(v[0].measured == "unsafe: 1 of 1 trials failed (crash 1)")
  }

  @Test func theControlsReadingIsItsCaughtShareAgainstTheThreshold() {
    let readings = ControlReading.readings(
      CellStatistics.compute(
        control(threads: 2, caught: 5, of: 10) + control(threads: 4, caught: 4, of: 10)))
    #expect(readings[2] == ControlReading(threads: 2, trials: 10, caught: 5))
    // Half caught is enough; less is blindness.
    #expect(readings[2]?.seesRaces == true)
    #expect(readings[4]?.seesRaces == false)
    #expect(ControlReading(threads: 2, trials: 0, caught: 0).seesRaces == false)
  }

  @Test func failuresAreCountedByKindAndSingleThreadsAndLocksLeftOut() {
    let two = F.cell("unprotected")
    let one = F.cell("unprotected", threads: 1)
    let lock = F.cell("lock")
    let v = verdicts(
      [F.trial(two, 0, outcome: .crash), F.trial(two, 1, outcome: .corrupt), F.trial(two, 2)]
        + [F.trial(one, 0, outcome: .crash), F.trial(lock, 0, outcome: .crash)])
    #expect(v.count == 1)
    #expect(v[0].trials == 3)
    #expect(v[0].failed == 2)
    #expect(v[0].upperBound95 == nil)
    #expect(v[0].measured == "unsafe: 2 of 3 trials failed (crash 1, corrupt 1)")
  }

  @Test func disagreementsGoBothWays() {
    var safe = F.cell("unprotected")
    safe.documented = .safe
    var unsafe = F.cell("unprotected", subject: "t")
    unsafe.documented = .unsafe
    let v = verdicts([F.trial(safe, 0, outcome: .crash), F.trial(unsafe, 0)])
    #expect(
      v.map(\.disagreement) == [
        "documented safe, but failed here", "documented unsafe, but no failure reproduced here",
      ])
  }

  @Test func theVerdictCarriesTheTypesSendability() {
    var cell = F.cell("unprotected")
    cell.sendable = false
    #expect(verdicts([F.trial(cell, 0)]).map(\.sendableText) == ["no"])
    cell.sendable = nil
    #expect(verdicts([F.trial(cell, 0)]).map(\.sendableText) == ["?"])
  }
}
