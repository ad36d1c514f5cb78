import StressKit

// MARK: - From the command line to RunOptions

extension RunCommand {
  /// The run's options, typed and checked one by one, then against each other.
  static func options(from parsed: ParsedArguments) throws(UsageError) -> RunOptions {
    var o = RunOptions()
    o.suite = parsed.string("suite")
    o.subjects = try parsed.list("subjects", usage: usage)
    o.wrappers = try parsed.list("wrappers", usage: usage)
    o.threads = try parsed.integers("threads", in: 1...Suite.maxThreads, usage: usage)
    o.trials = try parsed.budget("trials", .trials, usage: usage).map { Int($0) }
    o.ops = try parsed.budget("ops", .ops, usage: usage).map { Int($0) }
    o.seconds = try parsed.budget("duration", .seconds, usage: usage)
    o.readRatio = try parsed.number("read-ratio", in: 0...1, usage: usage)
    o.seed = try parsed.seed("seed", usage: usage)
    o.timeout = try parsed.budget("timeout", .timeout, usage: usage)
    o.mode = try parsed.mode("mode", usage: usage) ?? .default
    o.readers = try parsed.integer("readers", in: 0...Suite.maxThreads, usage: usage)
    o.writers = try parsed.integer("writers", in: 0...Suite.maxThreads, usage: usage)
    o.warmup = try parsed.budget("warmup", .warmup, usage: usage).map { Int($0) }
    o.tuning.stride = try parsed.integer("stride", in: 0...Int(UInt32.max), usage: usage) ?? 0
    o.tuning.yieldProbability = try parsed.number("perturb-yield", in: 0...1, usage: usage) ?? 0
    o.tuning.pin = !parsed.flags.contains("no-pin")
    o.countsSanitizerReports = parsed.flags.contains("count-tsan-reports")
    o.tuning.instances = try parsed.integer("instances", in: 1...100_000, usage: usage) ?? 1
    if let text = parsed.string("shard") {
      guard let shard = Shard(text) else {
        throw UsageError(
          "Invalid value '\(text)' for '--shard': expected <i>/<n> with 1 <= i <= n <= "
            + "\(Shard.maxCount), such as 2/4.", usage: usage)
      }
      o.shard = shard
    }
    if let text = parsed.string("driver") {
      guard let driver = Driver(rawValue: text) else {
        let names = Driver.allCases.map(\.rawValue)
        throw UsageError(
          "Invalid value '\(text)' for '--driver': expected one of \(names.joined(separator: ", "))."
            + Suggestion.hint(for: text, in: names), usage: usage)
      }
      o.driver = driver
    }
    if (o.readers == nil) != (o.writers == nil) {
      throw UsageError("Give '--readers' and '--writers' together (either may be 0).", usage: usage)
    }
    if o.readers != nil && (o.threads != nil || o.readRatio != nil) {
      throw UsageError(
        "'--readers' and '--writers' replace '--threads' and '--read-ratio'; drop those.",
        usage: usage)
    }
    if o.ops != nil && o.seconds != nil {
      throw UsageError("Give either '--ops' or '--duration', not both.", usage: usage)
    }
    if o.suite == nil && o.subjects == nil {
      throw UsageError(
        "Nothing to run: give '--suite <suite>' or '--subjects <ids>'.", usage: usage)
    }
    return o
  }
}
