import Foundation
import StressKitCore
import StressKitEngine
import StressKitPlan
import StressKitRun
import StressPlatform
import Synchronization

/// `stress bench`: the harness measured against itself. Three parts, each from one run:
/// per-operation overhead against bare reference loops, detection power against the
/// tutorials' dispatch-apply loop and with each race-provoking technique on, and the cost of a
/// trial's process.
package struct Benchmark {
  package let catalog: Catalog
  /// Operations per overhead measurement.
  package var ops = 5_000_000
  /// Repetitions of each overhead measurement (medians are reported).
  package var repeats = 7
  /// Trials per detection variant.
  package var trials = 20
  /// Operations per thread per detection trial.
  package var detectionOps = 10_000
  /// The unsafe collections the detection target names.
  package var detectionSubjects = [
    "swift-array", "swift-dictionary", "swift-set", "nsmutablearray", "nsmutabledictionary",
    "nsmutableset", "nscountedset",
  ]

  package init(catalog: Catalog) {
    self.catalog = catalog
  }

  /// The sizes a benchmark has unless told otherwise (the catalog plays no part in them).
  package static var defaults: Benchmark { Benchmark(catalog: Catalog()) }

  // MARK: - Overhead

  /// A harness measurement beside the bare loop doing the same work.
  package struct Overhead: Sendable {
    package var name: String
    package var referenceNanos: Double
    package var harnessNanos: Double
    package var ratio: Double { harnessNanos / referenceNanos }
    package var extraNanos: Double { harnessNanos - referenceNanos }
  }

  /// Runs `body` on a fresh dedicated thread, as a trial runs its threads, and waits for it:
  /// the bare loops and the harness are measured under the same conditions.
  static func onThread(_ body: @escaping @Sendable () -> Double) -> Double {
    final class Box: @unchecked Sendable {
      let lock = NSLock()
      var value = Double.nan
    }
    let box = Box()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      let value = body()
      box.lock.withLock { box.value = value }
      done.signal()
    }
    thread.start()
    done.wait()
    return box.lock.withLock { box.value }
  }

  /// Medians over `repeats`, reference and harness interleaved so drift hits both alike. The
  /// baselines run as the catalog compiled them (specialized), then through the dispatched loop
  /// every other subject of the catalog runs in (`Catalog.add(_:)`): the difference is what a
  /// dispatched call costs.
  package func overhead() -> [Overhead] {
    let pairs: [(String, @Sendable (Int) -> Double, String, String, Bool)] = [
      ("empty loop vs noop/unprotected", ReferenceLoops.empty, "noop", "unprotected", false),
      ("NSLock loop vs counter/lock", ReferenceLoops.nsLock, "counter", "lock", false),
      ("Mutex loop vs counter/mutex", ReferenceLoops.mutex, "counter", "mutex", false),
      (
        "empty loop vs noop/unprotected, dispatched", ReferenceLoops.empty, "noop", "unprotected",
        true
      ),
      ("NSLock loop vs counter/lock, dispatched", ReferenceLoops.nsLock, "counter", "lock", true),
    ]
    return pairs.compactMap { name, reference, subject, wrapper, dispatched in
      guard let entry = catalog.entry(subject), let w = catalog.wrapper(wrapper) else {
        return nil
      }
      let runs = dispatched ? SubjectEntry(dispatching: entry.type) : entry
      var bare: [Double] = []
      var harness: [Double] = []
      for k in 0..<repeats {
        let ops = ops
        bare.append(Self.onThread { reference(ops) })
        // Writes only: `counter` increments, as the bare loop does.
        let spec = TrialSpec(
          subject: subject, wrapper: wrapper, threads: 1, readRatio: 0, bound: .ops(ops),
          seed: UInt64(k))
        let result = runs.run(spec, w) { _ in }
        harness.append((result.seconds ?? .nan) * 1e9 / Double(ops))
      }
      return Overhead(
        name: name, referenceNanos: Percentiles(bare)!.p50, harnessNanos: Percentiles(harness)!.p50)
    }
  }

  // MARK: - Detection

  /// How often one way of running a subject exposed it.
  package struct Detection: Sendable {
    package var subject: String
    package var variant: String
    package var failed: Int
    package var trials: Int
    package var medianTimeToFailureMs: Double?
  }

  /// The variants compared at equal budget: 2 threads, unprotected, writes only.
  package static let variants: [(name: String, driver: Driver, tuning: Tuning)] = [
    ("dispatch-apply (tutorials)", .dispatchApply, .none),
    ("threads, unpinned", .threads, .none),
    ("pinned, no burst", .threads, Tuning()),
    ("+ stride 64", .threads, Tuning(stride: 64)),
    ("+ yield 1%", .threads, Tuning(yieldProbability: 0.01)),
    ("+ 100 instances", .threads, Tuning(instances: 100)),
    ("default (pinned + burst)", .threads, .standard),
  ]

  /// The variants of the harder conditions: what the burst buys.
  package static let burstVariants = variants.filter {
    $0.name == "pinned, no burst" || $0.name == "default (pinned + burst)"
  }

  /// Every subject of the catalog that a long run sees fail unprotected (measured so, see
  /// BENCHMARKS.md): the default must catch each in short trials and on a busy machine.
  package var racySubjects = [
    "counter", "swift-array", "swift-dictionary", "swift-set", "nsmutablearray",
    "nsmutabledictionary", "nsmutableset", "nscountedset", "singleton-check-then-create",
    "singleton-check-then-create-widened", "singleton-lazy-var", "photomanager",
    "nsmutablestring", "nsmutabledata", "nscalendar-mutating", "calendar",
    "iso8601dateformatter-mutating",
  ]

  /// Runs `variants` on `subjects` in worker processes at `ops` per thread; with `busy`, one
  /// core is kept busy meanwhile by a spinning thread of this process, unpinned, as an
  /// unrelated process on a shared CI runner would.
  package func detection(
    subjects: [String]? = nil, ops: Int? = nil, busy: Bool = false,
    variants: [(name: String, driver: Driver, tuning: Tuning)] = Benchmark.variants,
    progress: (Detection) -> Void = { _ in }
  ) throws -> [Detection] {
    let spinning = Spinning()
    defer { spinning.on.store(false, ordering: .relaxed) }
    if busy {
      _ = Platform.startThread {
        while spinning.on.load(ordering: .relaxed) {}
      }
    }
    var found: [Detection] = []
    for subject in subjects ?? detectionSubjects {
      guard let type = catalog.subject(subject) else { continue }
      for variant in variants {
        let cell = Cell(
          subject: subject, wrapper: Unprotected.info.id, threads: 2, readRatio: 0,
          documented: type.info.documented, isProtected: false, driver: variant.driver)
        let plan = Plan(
          suite: "bench", mode: .default, cells: [cell], trials: trials,
          bound: .ops(ops ?? detectionOps), seed: 1, timeout: 10, tuning: variant.tuning)
        let stats = try Scheduler(plan: plan).run(observers: [])[0]
        let detection = Detection(
          subject: subject, variant: variant.name, failed: stats.failedTrials,
          trials: stats.trials, medianTimeToFailureMs: stats.medianTimeToFailureMs)
        progress(detection)
        found.append(detection)
      }
    }
    return found
  }

  /// The busy core's flag: the spinner runs while it is on.
  final class Spinning: Sendable {
    let on = Atomic<Bool>(true)
  }

  // MARK: - Process cost

  /// Wall-clock medians, in milliseconds, of a trial in a warm worker and of a worker's start
  /// plus its first trial, each beyond the trial's own timed region: a worker forked by the
  /// zygote (the default), and one started by exec.
  package func processCost() throws -> (
    warmTrialMs: Double, freshWorkerMs: Double, execWorkerMs: Double
  ) {
    let cell = Cell(
      subject: "noop", wrapper: LockWrapper.info.id, threads: 1, readRatio: 0.5,
      documented: .notListed, isProtected: true)
    let timer = TrialTimer()
    let warm = Plan(
      suite: "bench", mode: .default, cells: [cell], trials: trials + 1, bound: .ops(1), seed: 1,
      timeout: 10)
    try Scheduler(plan: warm).run(observers: [timer])
    // The first trial of a cell includes the worker's start: leave it out here.
    let warmMs = Percentiles(Array(timer.overheadsMs.dropFirst()))!.p50
    // A fresh-process cell gets a fresh worker for every trial (workers go on across cells).
    var alone = cell
    alone.freshProcess = true
    let cold = Plan(
      suite: "bench", mode: .default, cells: [alone], trials: trials + 1, bound: .ops(1), seed: 1,
      timeout: 10)
    func fresh(forks: Bool) throws -> Double {
      let fresh = TrialTimer()
      try Scheduler(plan: cold, forks: forks).run(observers: [fresh])
      // The zygote's own start comes with the first: leave it out, as it is paid once a run.
      return Percentiles(Array(fresh.overheadsMs.dropFirst()))!.p50
    }
    return (warmMs, try fresh(forks: true), try fresh(forks: false))
  }

  /// Wall-clock medians, in milliseconds, of a crashing trial in a fresh worker (its start, the
  /// crash, the parent's reading of it), without and with the report that names where it
  /// crashed: the difference is what `CrashReport` adds to a crash. The first named crash also
  /// reads the binary's symbols, which later ones reuse: it is reported apart.
  package func crashCost() throws -> (bareMs: Double, namedMs: Double, firstNamedMs: Double) {
    var cell = Cell(
      subject: SelfTestCrash.info.id, wrapper: Unprotected.info.id, threads: 2, readRatio: 0,
      documented: .notListed, isProtected: false)
    cell.freshProcess = true
    func overheads(named: Bool) throws -> [Double] {
      var plan = Plan(
        suite: "bench", mode: .default, cells: [cell], trials: trials, bound: .ops(1), seed: 1,
        timeout: 10)
      plan.reportsCrashes = named
      let timer = TrialTimer()
      try Scheduler(plan: plan).run(observers: [timer])
      return timer.overheadsMs
    }
    let bare = try overheads(named: false)
    let named = try overheads(named: true)
    // With one trial there is no later crash: the first stands for both.
    let later = named.count > 1 ? Array(named.dropFirst()) : named
    return (Percentiles(bare)?.p50 ?? 0, Percentiles(later)?.p50 ?? 0, named.first ?? 0)
  }

  /// Wall time between consecutive trial events, less each trial's timed region.
  final class TrialTimer: RunObserver {
    var last = Platform.monotonicNanos()
    var overheadsMs: [Double] = []

    func cellStarted(_ cell: Cell, index: Int, of total: Int) throws {
      last = Platform.monotonicNanos()
    }

    func trialFinished(_ record: TrialRecord) throws {
      let now = Platform.monotonicNanos()
      overheadsMs.append(Double(now - last) / 1e6 - (record.result.seconds ?? 0) * 1e3)
      last = now
    }
  }
}
