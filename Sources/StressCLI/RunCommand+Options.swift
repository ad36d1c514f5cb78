import StressKit
import StressReports

// MARK: - The run's options, declared once

extension RunCommand {
  /// What `stress run` is told: the engine's options, and where the command writes.
  struct Arguments: CommandArguments {
    var run = RunOptions()
    var out: String?
    var summaryOut: String?
    var junit: String?
    var resume = false
    var quiet = false
    var format = OutputFormat.text

    func validate() throws(UsageError) {
      if resume && out == nil {
        throw UsageError("'--resume' needs '--out <path>': the file to finish.")
      }
    }
  }

  static var options: [Option<Arguments>] {
    [
      .value(
        "suite", "<suite>", "A suite name (a file in Suites/) or the path to a suite file.",
        .text, to: \.run.suite),
      .value(
        "subjects", "<ids>",
        "Comma-separated subject ids (a repeat is folded into one). Without --suite, runs them with default settings; with it, replaces the suite's subjects.",
        .ids, to: \.run.subjects),
      .value(
        "wrappers", "<ids>", "Comma-separated wrapper ids (a repeat is folded into one).",
        default: "the suite's, else all", .ids, to: \.run.wrappers),
      .value(
        "threads", "<counts>",
        "Comma-separated thread counts, each 1 to \(Suite.maxThreads) (a repeat is folded into one).",
        default: "the suite's, else 1,2,4,8", .integers(in: 1...Suite.maxThreads),
        to: \.run.threads),
      .value(
        "trials", "<n>", "Trials per cell.", default: "from --mode",
        ValueParser.budget(.trials).map { Int($0) }, to: \.run.trials),
      .value(
        "ops", "<n>", "Operations per thread in each trial.", default: "from --mode",
        ValueParser.budget(.ops).map { Int($0) }, to: \.run.ops),
      .value(
        "duration", "<seconds>", "Seconds per trial, instead of a number of operations.",
        .budget(.seconds), to: \.run.seconds),
      .value(
        "read-ratio", "<ratios>",
        "The share of operations that are reads, 0 to 1; a comma-separated list sweeps them (a cell per mix, a repeat folded into one).",
        default: "the suite's, else each subject's", .numbers(in: 0...1), to: \.run.readRatios),
      .value(
        "cap", "<seconds>",
        "With an ops budget, stop a protected cell's trial after this many seconds, done or not, so slow wrappers cannot stretch the run (unprotected cells are never cut short).",
        default: "the suite's (0.005 in quick mode), none once --ops is given", .budget(.cap),
        to: \.run.cap),
      .value(
        "time-budget", "<duration>",
        "Wall-clock time for the whole run (90s, 20m, 1h): every cell gets its minimum of trials (--trials, else the suite's min_trials, else 2), the rest goes to the least settled cells. A budget too small for the minimums is refused before the run starts.",
        default: "the suite's, else none: exactly --trials per cell", .duration,
        to: \.run.timeBudget),
      .flag(
        "no-control",
        "Do not run the positive control (an unprotected lost-update counter run after the cells at their thread count, which measures the run's power to see a race). Without it, 'no failure seen' says nothing of that power.",
        sets: \.run.control, to: false),
      .value(
        "seed", "<n>", "Seed of the operation streams; trial k of every cell uses seed + k.",
        default: "random, recorded in the CSV", .seed, to: \.run.seed),
      .value(
        "timeout", "<seconds>",
        "Seconds a trial may run before it counts as a hang and its worker is killed. Not given, an unprotected trial is called hung sooner once its subject has run alone: at 50 times that pass's cost (at least 3 s), or once its worker has used that much CPU time on each CPU its threads can use (at least 0.5 s), or when a thread still runs 20 times as long after the first of its peers finished (at least 3 s).",
        default: "from --mode, plus --duration", .budget(.timeout), to: \.run.timeout),
      .value(
        "memory-limit", "<size>",
        "Each worker's memory (heap, mappings, thread stacks; Linux): a subject that allocates past it crashes its trial instead of taking the machine's memory. none: no limit.",
        default: "half the machine's memory, at least 4G; none under ThreadSanitizer", .memorySize,
        to: \.run.memoryLimit),
      .value(
        "mode", "<mode>",
        "Budget preset: quick (collections in about 5 s), default (under 3 min) or tough.",
        .choice(), to: \.run.mode),
      .value(
        "readers", "<counts>",
        "Threads that only read; with --writers, replaces --threads and --read-ratio (JMH's thread groups). Comma-separated counts give a cell per (readers, writers) pair.",
        .integers(in: 0...Suite.maxThreads), to: \.run.readers),
      .value(
        "writers", "<counts>", "Threads that only write; goes with --readers (a list too).",
        .integers(in: 0...Suite.maxThreads), to: \.run.writers),
      .value(
        "warmup", "<n>",
        "Trials per cell run first and discarded, so measured trials find a warm process.",
        default: "from --mode: 0, 1 or 2", ValueParser.budget(.warmup).map { Int($0) },
        to: \.run.warmup),
      .flag(
        "forks",
        "Run every measured trial in a fresh worker of its own, after the warmup there (JMH's forks): trials in one process share its speed, so only forked trials are independent samples for 'stress compare'. Each trial then costs a fresh worker (10 to 12 ms here) and its warmup more.",
        sets: \.run.forks),
      .value(
        "stride", "<n>",
        "Make all threads meet at a checkpoint every n operations, so they collide often.",
        default: "0, off", .integer(in: 0...Int(UInt32.max)), to: \.run.tuning.stride),
      .value(
        "perturb-yield", "<p>",
        "Probability of a seeded sched_yield() after each operation, 0 to 1.", default: "0, off",
        .number(in: 0...1), to: \.run.tuning.yieldProbability),
      .flag(
        "no-pin",
        "Do not pin thread k to the k-th allowed CPU (pinning is on by default, Linux only).",
        sets: \.run.tuning.pin, to: false),
      .value(
        "instances", "<n>",
        "Fresh subject instances per trial: the ops budget is split into n epochs, all threads on instance k in epoch k, so fresh-state races happen n times per trial.",
        .integer(in: 1...100_000), to: \.run.tuning.instances),
      .value(
        "burst", "<n>",
        "Fresh instances in the detection burst each trial of 2 or more threads starts with (16 untimed operations per thread on each, threads meeting between them), so races show in short trials and on busy machines; 0: off.",
        .integer(in: 0...100_000), to: \.run.tuning.burst),
      .value(
        "driver", "<driver>",
        "threads (dedicated threads behind a start barrier) or dispatch-apply (the tutorials' concurrentPerform over writes, a baseline).",
        .choice(), to: \.run.driver),
      .value(
        "strategy", "<strategy>",
        "How a model test's threads interleave: stress (real threads, the system's scheduler), or the controlled scheduler, one thread at a time, switching only at scheduled primitives: random-walk, pct[:<depth>] (PCT, depth 2 by default), exhaustive[:<preemptions>] (every schedule with at most that many preemptions, 2 by default), replay:<token> (a failure's schedule). Under a strategy, --ops counts a trial's schedules and --duration its seconds of exploring; model tests only, unprotected. Under random-walk and pct the positive control is a lost update explored the same way; a search has none.",
        .strategy, to: \.run.strategy),
      .value(
        "out", "<path>", "The CSV file to write.", default: "Results/<suite>-<UTC timestamp>.csv",
        .text, to: \.out),
      .value(
        "summary-out", "<path>",
        "The per-cell summary CSV (percentiles, 99.9% CI, scaling, cost, detection rate).",
        default: "beside --out, as <name>-summary.csv", .text, to: \.summaryOut),
      .flag(
        "resume",
        "Finish an interrupted run into its --out file: its trials already there are not run again (the same options are needed; the seed is taken from the file).",
        sets: \.resume),
      .flag(
        "count-tsan-reports",
        "Count ThreadSanitizer reports per trial into tsan_reports (for a TSan build: scripts/tsan.sh).",
        sets: \.run.countsSanitizerReports),
      .value(
        "shard", "<i>/<n>",
        "Run only shard i of n (1-based): every n-th cell from the i-th, for a CI matrix; join the files with 'stress merge'.",
        .shard, to: \.run.shard),
      .value(
        "junit", "<path>", "Also write JUnit XML for CI dashboards (a testcase per cell).",
        .text, to: \.junit),
      .format("The end-of-run summary on stdout: text or json.", to: \.format),
      .flag(
        "quiet",
        "No progress and no summary: print only the path of the CSV (with --format json, only the JSON).",
        sets: \.quiet),
    ]
  }
}
