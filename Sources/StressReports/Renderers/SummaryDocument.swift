import Foundation
import StressKitBench
import StressKitCore
import StressKitEngine
import StressKitModel
import StressKitPlan
import StressKitRun

/// The end-of-run summary as JSON (`--format json`): the run, each cell's statistics, the
/// unprotected verdicts and whether the run passed. Keys are snake_case, as the CSV's columns.
package struct SummaryDocument: Codable, Sendable, Equatable {
  package var formatVersion = 1
  package var run: Run?
  package var cells: [CellEntry]
  /// The positive control at each thread count it ran at; empty without one.
  package var control: [ControlEntry]
  package var verdicts: [VerdictEntry]
  /// Per subject and condition, the wrappers ranked (see `WrapperComparison`).
  package var wrapperComparison: [ComparisonEntry]
  /// Which wrapper to use, as sentences computed from the run (see `Recommendation`).
  package var recommendations: [RecommendationEntry]
  /// Read-only cells run under a wrapper that lets reads overlap (`SharedReads`), if any.
  package var sharedReads: SharedReadsEntry?
  package var trials: Int
  package var failingTrials: Int
  package var passed: Bool
  /// The signal that stopped the run early ("SIGINT"), if one did: a partial run has not
  /// passed, whatever its finished trials say.
  package var interrupted: String?

  package struct Run: Codable, Sendable, Equatable {
    package var runId: String
    package var suite: String
    package var mode: String
    package var startedAt: String
    package var seed: UInt64
    package var shard: String?
    /// The controlled scheduler's strategy (`--strategy`); absent for a stress run.
    package var strategy: String?
    package var results: String?
    package var summary: String?
  }

  package struct CellEntry: Codable, Sendable, Equatable {
    package var subject: String
    package var wrapper: String
    package var threads: Int
    package var readers: Int?
    /// The share of operations that are reads (a run may sweep it).
    package var readRatio: Double
    package var driver: String
    package var `protected`: Bool
    package var documented: String
    package var sendable: Bool?
    /// Why this cell must never fail, when its subject declares so (see `Expectation`).
    package var expectation: String?
    /// The controlled scheduler's strategy, when the cell explored schedules: its trials'
    /// operations are then schedules.
    package var strategy: String?
    package var trials: Int
    package var outcomes: [String: Int]
    package var detectionRate: Double
    package var medianTimeToFailureMs: Double?
    package var opsPerSec: Throughput?
    /// Median over the same subject and wrapper's median at 1 thread.
    package var scaling: Double?
    /// The subject's unprotected median at 1 thread over this cell's median.
    package var costVsUnprotected: Double?
    package var failingTrials: Int
    package var failureSamples: [Sample]
  }

  package struct Throughput: Codable, Sendable, Equatable {
    package var p0, p25, p50, p75, p90, p100, mean: Double
    package var ci999Low, ci999High: Double?
  }

  package struct Sample: Codable, Sendable, Equatable {
    package var trial: Int
    package var seed: UInt64
    package var outcome: String
    /// What failed, as the CSV's `finding` column names it, and the token that replays it.
    package var finding: String?
    package var replayToken: String?
    package var detail: String
  }

  package struct ComparisonEntry: Codable, Sendable, Equatable {
    package var subject: String
    package var threads: Int
    package var readers: Int?
    package var readRatio: Double
    /// The fastest protected wrapper that stayed correct, if any did.
    package var best: String?
    package var wrappers: [RankedWrapper]
  }

  package struct RankedWrapper: Codable, Sendable, Equatable {
    package var wrapper: String
    package var `protected`: Bool
    package var medianOpsPerSec: Double?
    package var ratioToBest: Double?
    package var failed: Bool
    package var indistinguishableFromBest: Bool?
  }

  package struct RecommendationEntry: Codable, Sendable, Equatable {
    package var subject: String
    package var text: String
    package var command: String
  }

  package struct SharedReadsEntry: Codable, Sendable, Equatable {
    package var wrappers: [String]
    package var subjects: [String]
    package var note: String
  }

  package struct ControlEntry: Codable, Sendable, Equatable {
    package var threads: Int
    package var trials: Int
    package var caught: Int
    package var detectionRate: Double
    /// Caught often enough (`ControlReading.minimumRate`) for "no failure seen" to count.
    package var seesRaces: Bool
  }

  package struct VerdictEntry: Codable, Sendable, Equatable {
    package var subject: String
    package var documented: String
    package var sendable: Bool?
    package var trials: Int
    package var failed: Int
    package var failures: [String: Int]
    /// With no failure: the per-trial failure rate's upper bound at 95% (3/powered trials).
    package var failureRateBound: Double?
    /// Trials at thread counts where the positive control was caught often enough.
    package var poweredTrials: Int
    /// The thread counts of those trials, and the operations they ran.
    package var poweredThreads: [Int]
    package var poweredOperations: Int
    /// No failure seen, but the run could not have seen a race like the control's.
    package var inconclusive: Bool
    /// The controlled scheduler's strategy, when the trials explored schedules.
    package var strategy: String?
    package var measured: String
    package var disagreement: String?
    /// How many of `trials` were focused, and how each (call, edge value) pair's went.
    package var focusedTrials: Int
    package var focused: [FocusEntry]
  }

  /// A subject's focused trials on one (call, edge value) pair (`FocusTally`).
  package struct FocusEntry: Codable, Sendable, Equatable {
    package var pair: String
    package var trials: Int
    package var failed: Int
  }

  /// `results` and `summary` are the files the run wrote, when it has just run.
  package init(_ digest: RunDigest, results: String? = nil, summary: String? = nil) {
    run = digest.context.run.map {
      Run(
        runId: $0.runID, suite: $0.suite, mode: $0.mode, startedAt: $0.startedAt, seed: $0.seed,
        shard: $0.shard, strategy: $0.strategy?.argument, results: results, summary: summary)
    }
    control = digest.controlReadings.map {
      ControlEntry(
        threads: $0.threads, trials: $0.trials, caught: $0.caught, detectionRate: $0.rate,
        seesRaces: $0.seesRaces)
    }
    self.cells = digest.measured.map { s in
      let c = s.cell
      let t = s.throughput.map {
        Throughput(
          p0: $0.p0, p25: $0.p25, p50: $0.p50, p75: $0.p75, p90: $0.p90, p100: $0.p100,
          mean: s.mean ?? $0.p50, ci999Low: s.confidence999?.lowerBound,
          ci999High: s.confidence999?.upperBound)
      }
      return CellEntry(
        subject: c.subject, wrapper: c.wrapper, threads: c.threads, readers: c.readers,
        readRatio: c.readRatio, driver: c.driver.rawValue, protected: c.isProtected,
        documented: c.documented.rawValue,
        sendable: c.sendable, expectation: c.expectation, strategy: c.strategy?.argument,
        trials: s.trials,
        outcomes: Dictionary(uniqueKeysWithValues: s.counts.map { ($0.rawValue, $1) }),
        detectionRate: s.detectionRate, medianTimeToFailureMs: s.medianTimeToFailureMs,
        opsPerSec: t, scaling: s.scaling, costVsUnprotected: s.costVersusUnprotected,
        failingTrials: s.failingTrials,
        failureSamples: s.failureSamples.map {
          Sample(
            trial: $0.trial, seed: $0.seed, outcome: $0.result.outcome.rawValue,
            finding: $0.result.finding?.kind.rawValue, replayToken: $0.result.finding?.replay,
            detail: $0.result.detail)
        })
    }
    verdicts = digest.verdicts.map {
      VerdictEntry(
        subject: $0.subject, documented: $0.documented.rawValue, sendable: $0.sendable,
        trials: $0.trials,
        failed: $0.failed,
        failures: Dictionary(uniqueKeysWithValues: $0.failures.map { ($0.rawValue, $1) }),
        failureRateBound: $0.upperBound95, poweredTrials: $0.poweredTrials,
        poweredThreads: $0.poweredThreads, poweredOperations: $0.poweredOperations,
        inconclusive: $0.inconclusive, strategy: $0.strategy?.argument, measured: $0.measured,
        disagreement: $0.disagreement, focusedTrials: $0.focusedTrials,
        focused: $0.focused.map { FocusEntry(pair: $0.pair, trials: $0.trials, failed: $0.failed) })
    }
    wrapperComparison = digest.comparison.conditions.map { c in
      ComparisonEntry(
        subject: c.subject, threads: c.threads, readers: c.readers, readRatio: c.readRatio,
        best: c.best?.wrapper,
        wrappers: c.entries.map {
          RankedWrapper(
            wrapper: $0.wrapper, protected: $0.isProtected, medianOpsPerSec: $0.median,
            ratioToBest: $0.ratioToBest, failed: $0.failed,
            indistinguishableFromBest: $0.indistinguishable)
        })
    }
    recommendations = digest.recommendations.map {
      RecommendationEntry(subject: $0.subject, text: $0.text, command: $0.command)
    }
    sharedReads = digest.sharedReads.map {
      SharedReadsEntry(wrappers: $0.wrappers, subjects: $0.subjects, note: $0.text)
    }
    trials = digest.trials
    failingTrials = digest.failingTrials
    passed = digest.passed
  }

  package func json() -> String { JSONOutput.encode(self) }
}
