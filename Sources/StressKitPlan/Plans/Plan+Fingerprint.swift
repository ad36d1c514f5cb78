import StressKitCore
import StressKitModel

/// What makes a run one run, as a short digest: the suite, the mode, every cell of the
/// unsharded plan in order, the budget of each trial, and whether a time budget plans the
/// trials. Not the hang timeout nor the time budget's length: a resumed run may change those. Shards of one run share it (the
/// `plan` column); `stress merge` refuses shards whose digests, seeds, shard counts or
/// toolchains differ, so two nights are never merged as one.
extension Plan {
  /// FNV-1a, 64 bits, over a canonical text: the same in every process and on every machine
  /// (Swift's `Hasher` is seeded per process).
  static func fingerprint(
    suite: String, mode: Mode, cells: [Cell], trials: Int, bound: Bound, warmup: Int,
    tuning: Tuning, forks: Bool, control: Bool, cap: Double?, strategy: ScheduleStrategy? = nil,
    budgeted: Bool = false
  ) -> String {
    var text = "\(suite);\(mode.rawValue);\(trials);\(bound);\(warmup);"
    text += "\(tuning);\(forks);\(control);\(cap.map { "\($0)" } ?? "-")"
    // Only a run under a strategy or a time budget says so, so other runs' digests are what
    // they always were. A budget plans trials by cell and visit: resumed with one, a run
    // planned without (or the other way round) would be two runs in one file.
    if let strategy { text += ";\(strategy.argument)" }
    if budgeted { text += ";time-budget" }
    for cell in cells {
      text += "|\(cell.subject),\(cell.wrapper),\(cell.threads),\(cell.readers ?? -1),"
      text += "\(cell.readRatio),\(cell.driver.rawValue)"
    }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }
    let digits = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }

  /// This plan's digest, over `cells` (the unsharded plan's, for a shard).
  func fingerprint(over cells: [Cell], budgeted: Bool? = nil) -> String {
    Self.fingerprint(
      suite: suite, mode: mode, cells: cells, trials: trials, bound: bound, warmup: warmup,
      tuning: tuning, forks: forks, control: control, cap: cap, strategy: strategy,
      budgeted: budgeted ?? (timeBudget != nil))
  }
}
