import Foundation

/// The end-of-run summary as JSON (`--format json`): the run, each cell's statistics, the
/// unprotected verdicts and whether the run passed. Keys are snake_case, as the CSV's columns.
public struct SummaryDocument: Codable, Sendable, Equatable {
  public var formatVersion = 1
  public var run: Run?
  public var cells: [CellEntry]
  public var verdicts: [VerdictEntry]
  public var trials: Int
  public var failingTrials: Int
  public var passed: Bool
  /// The signal that stopped the run early ("SIGINT"), if one did: a partial run has not
  /// passed, whatever its finished trials say.
  public var interrupted: String?

  public struct Run: Codable, Sendable, Equatable {
    public var runId: String
    public var suite: String
    public var mode: String
    public var startedAt: String
    public var seed: UInt64
    public var shard: String?
    public var results: String?
    public var summary: String?
  }

  public struct CellEntry: Codable, Sendable, Equatable {
    public var subject: String
    public var wrapper: String
    public var threads: Int
    public var readers: Int?
    public var driver: String
    public var `protected`: Bool
    public var documented: String
    public var sendable: Bool?
    /// Why this cell must never fail, when its subject declares so (see `Expectation`).
    public var expectation: String?
    public var trials: Int
    public var outcomes: [String: Int]
    public var detectionRate: Double
    public var medianTimeToFailureMs: Double?
    public var opsPerSec: Throughput?
    /// Median over the same subject and wrapper's median at 1 thread.
    public var scaling: Double?
    /// The subject's unprotected median at 1 thread over this cell's median.
    public var costVsUnprotected: Double?
    public var failingTrials: Int
    public var failureSamples: [Sample]
  }

  public struct Throughput: Codable, Sendable, Equatable {
    public var p0, p25, p50, p75, p90, p100, mean: Double
    public var ci999Low, ci999High: Double?
  }

  public struct Sample: Codable, Sendable, Equatable {
    public var trial: Int
    public var seed: UInt64
    public var outcome: String
    public var detail: String
  }

  public struct VerdictEntry: Codable, Sendable, Equatable {
    public var subject: String
    public var documented: String
    public var sendable: Bool?
    public var trials: Int
    public var failed: Int
    public var failures: [String: Int]
    /// With no failure: the per-trial failure rate's upper bound at 95% (3/trials).
    public var failureRateBound: Double?
    public var measured: String
    public var disagreement: String?
  }

  public init(
    cells: [CellStatistics], plan: Plan? = nil, results: String? = nil,
    summary: String? = nil
  ) {
    run = plan.map {
      Run(
        runId: $0.runID, suite: $0.suite, mode: $0.mode.rawValue,
        startedAt: ResultColumns.timestamp($0.startedAt), seed: $0.seed,
        shard: $0.shard?.description, results: results, summary: summary)
    }
    self.cells = cells.map { s in
      let c = s.cell
      let t = s.throughput.map {
        Throughput(
          p0: $0.p0, p25: $0.p25, p50: $0.p50, p75: $0.p75, p90: $0.p90, p100: $0.p100,
          mean: s.mean ?? $0.p50, ci999Low: s.confidence999?.lowerBound,
          ci999High: s.confidence999?.upperBound)
      }
      return CellEntry(
        subject: c.subject, wrapper: c.wrapper, threads: c.threads, readers: c.readers,
        driver: c.driver.rawValue, protected: c.isProtected, documented: c.documented.rawValue,
        sendable: c.sendable, expectation: c.expectation,
        trials: s.trials,
        outcomes: Dictionary(uniqueKeysWithValues: s.counts.map { ($0.rawValue, $1) }),
        detectionRate: s.detectionRate, medianTimeToFailureMs: s.medianTimeToFailureMs,
        opsPerSec: t, scaling: s.scaling, costVsUnprotected: s.costVersusUnprotected,
        failingTrials: s.failingTrials,
        failureSamples: s.failureSamples.map {
          Sample(
            trial: $0.trial, seed: $0.seed, outcome: $0.result.outcome.rawValue,
            detail: $0.result.detail)
        })
    }
    verdicts = Verdict.from(cells).map {
      VerdictEntry(
        subject: $0.subject, documented: $0.documented.rawValue, sendable: $0.sendable,
        trials: $0.trials,
        failed: $0.failed,
        failures: Dictionary(uniqueKeysWithValues: $0.failures.map { ($0.rawValue, $1) }),
        failureRateBound: $0.upperBound95, measured: $0.measured,
        disagreement: $0.disagreement)
    }
    trials = cells.map(\.trials).reduce(0, +)
    failingTrials = cells.map(\.failingTrials).reduce(0, +)
    passed = failingTrials == 0
  }

  public func json() -> String { JSONOutput.encode(self) }
}
