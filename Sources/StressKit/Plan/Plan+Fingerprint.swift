/// What makes a run one run, as a short digest: the suite, the mode, every cell of the
/// unsharded plan in order, and the budget of each trial. Not the hang timeout nor a time
/// budget: a resumed run may change those. Shards of one run share it (the
/// `plan` column); `stress merge` refuses shards whose digests, seeds, shard counts or
/// toolchains differ, so two nights are never merged as one.
extension Plan {
  /// FNV-1a, 64 bits, over a canonical text: the same in every process and on every machine
  /// (Swift's `Hasher` is seeded per process).
  static func fingerprint(
    suite: String, mode: Mode, cells: [Cell], trials: Int, bound: Bound, warmup: Int,
    tuning: Tuning, forks: Bool, control: Bool, cap: Double?, strategy: ScheduleStrategy? = nil
  ) -> String {
    var text = "\(suite);\(mode.rawValue);\(trials);\(bound);\(warmup);"
    text += "\(tuning);\(forks);\(control);\(cap.map { "\($0)" } ?? "-")"
    // Only a run under a strategy says so, so a stress run's digest is what it always was.
    if let strategy { text += ";\(strategy.argument)" }
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
  func fingerprint(over cells: [Cell]) -> String {
    Self.fingerprint(
      suite: suite, mode: mode, cells: cells, trials: trials, bound: bound, warmup: warmup,
      tuning: tuning, forks: forks, control: control, cap: cap, strategy: strategy)
  }
}
