import Foundation
import StressKitCore
import StressKitModel
import StressKitPlan
import Synchronization

/// The trial CSV's columns, declared once: fixed variables first, measures after, environment
/// last. `Results/README.md` documents each one; keep the two in step.
package enum ResultColumns {
  /// Every column, in file order.
  package static let all: [ResultColumn] = [
    ResultColumn("run_id") { _, plan, _ in plan.runID },
    // Nights are ordered by it (trend): it must be the UTC timestamp stress writes.
    ResultColumn("started_at", accepts: { v, _ in isTimestamp(v) }) { _, plan, _ in
      timestamp(plan.startedAt)
    },
    ResultColumn("suite", agreement: .measurement) { _, plan, _ in plan.suite },
    ResultColumn("mode", agreement: .measurement) { _, plan, _ in plan.mode.rawValue },
    ResultColumn("subject", accepts: { v, _ in !v.isEmpty }, read: { $1.cell.subject = $0 }) {
      r, _, _ in r.cell.subject
    },
    ResultColumn(
      "documented", accepts: { v, _ in DocumentedSafety(rawValue: v) != nil },
      read: { $1.cell.documented = DocumentedSafety(rawValue: $0) ?? .notListed }
    ) { r, _, _ in r.cell.documented.rawValue },
    ResultColumn(
      "sendable", accepts: { v, _ in ["true", "false", ""].contains(v) },
      read: { $1.cell.sendable = Bool($0) }
    ) { r, _, _ in r.cell.sendable.map(String.init) ?? "" },
    ResultColumn("wrapper", accepts: { v, _ in !v.isEmpty }, read: { $1.cell.wrapper = $0 }) {
      r, _, _ in r.cell.wrapper
    },
    ResultColumn(
      "protected", accepts: { v, _ in ["true", "false"].contains(v) },
      read: { $1.cell.isProtected = $0 == "true" }
    ) { r, _, _ in String(r.cell.isProtected) },
    ResultColumn("expectation", read: { $1.cell.expectation = $0.isEmpty ? nil : $0 }) {
      r, _, _ in r.cell.expectation ?? ""
    },
    ResultColumn(
      "driver", accepts: { v, _ in Driver(rawValue: v) != nil },
      read: { $1.cell.driver = Driver(rawValue: $0) ?? .threads }
    ) { r, _, _ in r.cell.driver.rawValue },
    ResultColumn(
      "threads", accepts: { v, _ in Int(v).map { $0 >= 1 } == true },
      read: { $1.cell.threads = Int($0) ?? 1 }
    ) { r, _, _ in String(r.cell.threads) },
    ResultColumn(
      "readers",
      accepts: { v, row in
        v.isEmpty || (Int(v).map { $0 >= 0 && $0 <= (Int(row["threads"]) ?? 0) } == true)
      },
      read: { $1.cell.readers = Int($0) }
    ) { r, _, _ in r.cell.readers.map(String.init) ?? "" },
    // Derived from threads and readers: written for readers of the file, not read back.
    ResultColumn("writers") { r, _, _ in r.cell.writers.map(String.init) ?? "" },
    ResultColumn(
      "read_ratio", accepts: { v, _ in Double(v).map { (0...1).contains($0) } == true },
      read: { $1.cell.readRatio = Double($0) ?? 0 }
    ) { r, _, _ in number(r.cell.readRatio) },
    // With an ops bound, seconds_limit is the cap on protected cells' trials, if any.
    ResultColumn("ops_limit", agreement: .measurement) { _, plan, _ in
      plan.bound.opsPerThread.map(String.init) ?? ""
    },
    ResultColumn("seconds_limit", agreement: .measurement) { _, plan, _ in
      (plan.bound.seconds ?? plan.cap).map(number) ?? ""
    },
    // Tuning applies to the threads driver only; other rows record it as off.
    ResultColumn("stride", agreement: .measurement) { r, plan, _ in String(tuning(r, plan).stride)
    },
    ResultColumn("yield_probability", agreement: .measurement) { r, plan, _ in
      number(tuning(r, plan).yieldProbability)
    },
    ResultColumn("pinned", agreement: .measurement) { r, plan, _ in String(tuning(r, plan).pin) },
    ResultColumn("instances", agreement: .measurement) { r, plan, _ in
      String(tuning(r, plan).instances)
    },
    ResultColumn("burst", earlier: "0", agreement: .measurement) { r, plan, _ in
      String(tuning(r, plan).burst)
    },
    ResultColumn("warmup_trials", agreement: .measurement) { _, plan, _ in String(plan.warmup) },
    ResultColumn("forks", earlier: "false", agreement: .measurement) { _, plan, _ in
      String(plan.forks)
    },
    ResultColumn("shard") { _, plan, _ in plan.shard?.description ?? "" },
    // What makes shards one run: the unsharded plan's digest and the run's seed.
    ResultColumn("plan", earlier: "", agreement: .run) { _, plan, _ in plan.fingerprint },
    ResultColumn(
      "run_seed", earlier: "", agreement: .run, accepts: { v, _ in v.isEmpty || UInt64(v) != nil }
    ) {
      _, plan, _ in String(plan.seed)
    },
    // How a model test's threads interleaved: stress, or a controlled strategy
    // (`--strategy`), whose trials count schedules as their ops.
    ResultColumn(
      "strategy", earlier: "stress",
      accepts: { v, _ in v == "stress" || ScheduleStrategy(argument: v) != nil },
      read: { $1.cell.strategy = ScheduleStrategy(argument: $0) }
    ) { _, plan, _ in plan.strategy?.argument ?? "stress" },
    ResultColumn(
      "trial", accepts: { v, _ in Int(v).map { $0 >= 0 } == true },
      read: { $1.trial = Int($0) ?? 0 }
    ) { r, _, _ in String(r.trial) },
    ResultColumn("seed", accepts: { v, _ in UInt64(v) != nil }, read: { $1.seed = UInt64($0) ?? 0 })
    { r, _, _ in String(r.seed) },
    // A focused trial's one (call, edge value) pair, "call on value"; empty for a mixed trial,
    // and in files from before it.
    ResultColumn("focus", earlier: "", read: { $1.focus = $0.isEmpty ? nil : $0 }) { r, _, _ in
      r.focus ?? ""
    },
    ResultColumn(
      "outcome", accepts: { v, _ in Outcome(rawValue: v) != nil },
      read: { $1.result.outcome = Outcome(rawValue: $0) ?? .error }
    ) { r, _, _ in r.result.outcome.rawValue },
    ResultColumn("failures", accepts: count, read: { $1.result.failures = Int($0) }) { r, _, _ in
      r.result.failures.map(String.init) ?? ""
    },
    ResultColumn("ops", accepts: count, read: { $1.result.ops = Int($0) }) { r, _, _ in
      r.result.ops.map(String.init) ?? ""
    },
    ResultColumn("reads", accepts: count, read: { $1.result.reads = Int($0) }) { r, _, _ in
      r.result.reads.map(String.init) ?? ""
    },
    ResultColumn("writes", accepts: count, read: { $1.result.writes = Int($0) }) { r, _, _ in
      r.result.writes.map(String.init) ?? ""
    },
    ResultColumn(
      "seconds", accepts: measure(upTo: secondsLimit), read: { $1.result.seconds = Double($0) }
    ) { r, _, _ in r.result.seconds.map { String(format: "%.9f", $0) } ?? "" },
    // Derived from ops and seconds: written for readers of the file, not read back.
    ResultColumn("ops_per_sec", accepts: measure(upTo: opsPerSecondLimit)) { r, _, _ in
      r.result.opsPerSecond.map { String(format: "%.1f", $0) } ?? ""
    },
    // Every digit the run had: a report of the file must say what the run said when it ended.
    ResultColumn(
      "time_to_failure_ms", accepts: measure(upTo: 1e10),
      read: { $1.result.timeToFailureMs = Double($0) }
    ) { r, _, _ in r.result.timeToFailureMs.map(number) ?? "" },
    ResultColumn("tsan_reports", accepts: count, read: { $1.result.sanitizerReports = Int($0) }) {
      r, _, _ in r.result.sanitizerReports.map(String.init) ?? ""
    },
    // Under a strategy: the scenarios a trial explored, and whether a bounded search covered
    // its bound (false: cut short; under a random strategy, stopped before its budget). Empty
    // under stress, and in files from before them.
    ResultColumn("scenarios", earlier: "", accepts: count, read: { $1.result.scenarios = Int($0) })
    { r, _, _ in r.result.scenarios.map(String.init) ?? "" },
    ResultColumn(
      "search_complete", earlier: "", accepts: { v, _ in ["true", "false", ""].contains(v) },
      read: { $1.result.searchComplete = Bool($0) }
    ) { r, _, _ in r.result.searchComplete.map(String.init) ?? "" },
    // Under a strategy: steps at scheduled primitives in all the trial's schedules (0: the
    // scheduler could switch only between whole operations). Empty under stress, and in files
    // from before it.
    ResultColumn(
      "switch_points", earlier: "", accepts: count, read: { $1.result.switchPoints = Int($0) }
    ) { r, _, _ in r.result.switchPoints.map(String.init) ?? "" },
    // The machine around the trial, read by the runner outside its timed region
    // (`MachineReading`): a loaded machine shows here, not as a slower wrapper. Empty in files
    // from before them, and where the system does not say.
    ResultColumn(
      "worker_cpu_s", earlier: "", accepts: measure(upTo: secondsLimit),
      read: { v, r in machine(&r) { $0.workerCPUSeconds = Double(v) } }
    ) { r, _, _ in r.result.machine?.workerCPUSeconds.map(number) ?? "" },
    ResultColumn(
      "worker_wall_s", earlier: "", accepts: measure(upTo: secondsLimit),
      read: { v, r in machine(&r) { $0.wallSeconds = Double(v) } }
    ) { r, _, _ in r.result.machine?.wallSeconds.map(number) ?? "" },
    ResultColumn(
      "run_queue", earlier: "", accepts: count,
      read: { v, r in machine(&r) { $0.runQueue = Int(v) } }
    ) { r, _, _ in r.result.machine?.runQueue.map(String.init) ?? "" },
    ResultColumn(
      "load_1m", earlier: "", accepts: measure(upTo: 1e6),
      read: { v, r in machine(&r) { $0.load = Double(v) } }
    ) { r, _, _ in r.result.machine?.load.map(number) ?? "" },
    ResultColumn(
      "steal_s", earlier: "", accepts: measure(upTo: secondsLimit),
      read: { v, r in machine(&r) { $0.stealSeconds = Double(v) } }
    ) { r, _, _ in r.result.machine?.stealSeconds.map(number) ?? "" },
    // What failed, as data: the finding's kind and the token that replays its schedule. A file
    // from before them reads "?", and `record` reads them from the trial's detail instead.
    ResultColumn(
      "finding", earlier: unknown,
      accepts: { v, _ in v.isEmpty || v == unknown || Finding.Kind(rawValue: v) != nil },
      read: { v, r in r.result.finding = Finding.Kind(rawValue: v).map { Finding($0) } }
    ) { r, _, _ in r.result.finding?.kind.rawValue ?? "" },
    ResultColumn(
      "replay_token", earlier: unknown,
      accepts: { v, _ in v.isEmpty || v == unknown || ReplayToken(v) != nil },
      read: { v, r in if ReplayToken(v) != nil { r.result.finding?.replay = v } }
    ) { r, _, _ in r.result.finding?.replay ?? "" },
    ResultColumn("detail", read: { $1.result.detail = $0 }) { r, _, _ in r.result.detail },
    ResultColumn("toolchain", agreement: .run) { _, _, environment in environment.toolchain },
    ResultColumn("os") { _, _, environment in environment.os },
    ResultColumn("cpus") { _, _, environment in String(environment.cpus) },
  ]

  /// The names of `all`, in order: the file's header.
  package static let header = all.map(\.name)

  /// Each column's position in a row.
  static let index = Dictionary(uniqueKeysWithValues: header.enumerated().map { ($1, $0) })

  /// Columns later versions added, each with what an earlier file's trials had: such a file
  /// still reads (a nightly baseline from before them compares), the value filled in.
  package static let added = all.compactMap { c in c.earlier.map { (column: c.name, earlier: $0) } }

  /// Beyond these no trial can reach; within them, sums and ratios stay finite.
  static let secondsLimit = 1e7
  static let opsPerSecondLimit = 1e15

  /// The header of a file written before the columns `missing` (some of `added`).
  package static func header(without missing: [String]) -> [String] {
    header.filter { !missing.contains($0) }
  }

  package static func row(_ record: TrialRecord, plan: Plan, environment: RunEnvironment)
    -> [String]
  {
    all.map { $0.write(record, plan, environment) }
  }

  /// A checked row as the trial it records: each column that a trial holds reads its field.
  package static func record(_ row: ResultRow) -> TrialRecord {
    var record = TrialRecord(
      cell: Cell(
        subject: "", wrapper: "", threads: 1, readRatio: 0, documented: .notListed,
        isProtected: false),
      trial: 0, seed: 0, result: TrialResult(outcome: .error, detail: ""))
    for (column, value) in zip(all, row.fields) { column.read?(value, &record) }
    if row.fields[index["finding"]!] == unknown {
      let result = record.result
      record.result.finding = Finding.Kind.inferred(
        result.outcome, detail: result.detail, harnessFault: result.harnessFault
      ).map { Finding($0, replay: Finding.Kind.inferredReplay(result.detail)) }
    }
    return record
  }

  /// What a file from before the finding's columns holds in them.
  private static let unknown = "?"

  /// The name of the first column whose value `row` may not hold, or nil.
  package static func rejected(_ row: ResultRow) -> String? {
    zip(all, row.fields).first { column, value in !column.accepts(value, row) }?.0.name
  }

  private static func tuning(_ record: TrialRecord, _ plan: Plan) -> Tuning {
    record.cell.driver == .threads ? plan.tuning : .none
  }

  /// Sets a field of the row's machine reading from a non-empty value, making the reading.
  private static func machine(_ row: inout TrialRecord, _ set: (inout MachineReading) -> Void) {
    var reading = row.result.machine ?? MachineReading()
    set(&reading)
    row.result.machine = reading == MachineReading() ? nil : reading
  }

  /// Empty, or a whole number of at least zero.
  private static let count: @Sendable (String, ResultRow) -> Bool = { v, _ in
    v.isEmpty || Int(v).map { $0 >= 0 } == true
  }

  /// Empty, or a finite measure from zero to `limit`.
  private static func measure(upTo limit: Double) -> @Sendable (String, ResultRow) -> Bool {
    { v, _ in v.isEmpty || Double(v).map { $0.isFinite && $0 >= 0 && $0 <= limit } == true }
  }

  /// ISO 8601 in UTC, to the second.
  /// Whether `text` has the shape `timestamp` writes: `2026-12-04T16:51:00Z`.
  package static func isTimestamp(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    guard bytes.count == 20 else { return false }
    let shape = Array("dddd-dd-ddTdd:dd:ddZ".utf8)
    return zip(bytes, shape).allSatisfy { byte, want in
      want == UInt8(ascii: "d") ? (48...57).contains(byte) : byte == want
    }
  }

  package static func timestamp(_ date: Date) -> String {
    // Every row of a run writes its start: a new formatter each time cost the runner about
    // half its time between trials (ICU opens one per formatter).
    if let last = lastTimestamp.withLock({ $0 }), last.date == date { return last.text }
    let f = ISO8601DateFormatter()
    f.formatOptions = [.withInternetDateTime]
    f.timeZone = TimeZone(identifier: "UTC")
    let text = f.string(from: date)
    lastTimestamp.withLock { $0 = (date, text) }
    return text
  }

  /// The last date `timestamp` wrote, and its text.
  private static let lastTimestamp = Mutex<(date: Date, text: String)?>(nil)

  package static func number(_ x: Double) -> String {
    x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : String(x)
  }
}
