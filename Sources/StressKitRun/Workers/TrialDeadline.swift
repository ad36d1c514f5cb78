import Foundation
import StressKitCore
import StressPlatform

/// When a trial in a worker stops being waited for: the worker's start-up limit until it says
/// it is ready, then the trial's deadline on the clock (the timeout, or sooner where
/// `HangForecast` knows the subject), and, with a forecast, a limit on the worker's CPU time,
/// read every `cpuCheckNanos`, and one on a straggler: a thread still running long after the
/// first of its peers finished. The forecast learns from what the trial's single-threaded parts
/// took.
struct TrialDeadline {
  /// What ran out, and what the trial's `hang` detail says of it.
  enum Expiry: Equatable {
    /// The worker never said it was ready.
    case startup
    /// No result in time: "within 3 s (forecast ...)", "after 0.5 s of CPU time (...)", "3 s
    /// after the first of 8 threads finished (...)".
    case hang(String)
  }

  /// How long a fresh worker may take to say it is ready (a TSan build on a busy machine
  /// takes seconds).
  static let startupNanos: UInt64 = 60_000_000_000
  /// How often a trial with a CPU-time forecast reads its worker's CPU time.
  static let cpuCheckNanos: UInt64 = 50_000_000

  private let spec: TrialSpec
  private let timeout: Double
  private let forecast: HangForecast?
  private let pid: Int32
  private var ready: Bool
  private var limit: Double
  private var begun: UInt64
  private var deadline: UInt64
  private var cpuLimit: Double?
  private var cpuBase: Double?
  private var cpuCheck: UInt64
  /// When the current part's threads were released (a burst, then the measured loop).
  private var partStarted: UInt64?
  /// Once the first thread of that part finished: when the rest must have, and the detail.
  private var straggler: (deadline: UInt64, why: String)?

  /// Starts counting now, for a worker that is `ready` or still starting.
  init(spec: TrialSpec, timeout: Double, forecast: HangForecast?, pid: Int32, ready: Bool) {
    (self.spec, self.timeout, self.forecast, self.pid, self.ready) =
      (spec, timeout, forecast, pid, ready)
    limit = forecast?.deadline(for: spec, timeout: timeout) ?? timeout
    begun = Platform.monotonicNanos()
    deadline = begun &+ (ready ? UInt64(limit * 1e9) : Self.startupNanos)
    cpuLimit = forecast?.cpuDeadline(for: spec)
    cpuBase = ready ? Platform.cpuSeconds(of: pid) : nil
    cpuCheck = begun &+ Self.cpuCheckNanos
  }

  /// The worker said it is ready: the trial's own time starts.
  mutating func workerReady() {
    ready = true
    begun = Platform.monotonicNanos()
    deadline = begun &+ UInt64(limit * 1e9)
    cpuBase = Platform.cpuSeconds(of: pid)
  }

  /// The sanity pass of `ops` operations ended: what it took teaches the forecast, which may
  /// shorten the wait.
  mutating func passed(ops: Int) {
    guard let forecast else { return }
    forecast.learn(spec, ops: ops, seconds: seconds)
    limit = forecast.deadline(for: spec, timeout: timeout)
    deadline = begun &+ UInt64(limit * 1e9)
    cpuLimit = forecast.cpuDeadline(for: spec)
  }

  /// The start barrier released a part's threads.
  mutating func started() {
    partStarted = Platform.monotonicNanos()
    straggler = nil
  }

  /// The first of the part's threads finished, and another had not `Trial.stragglerGrace`
  /// later: the others get `HangForecast.stragglerWait`, counted from the release to now.
  mutating func firstThreadDone() {
    let now = Platform.monotonicNanos()
    guard let forecast, let partStarted else { return }
    let first = Double(now - partStarted) / 1e9
    guard let wait = forecast.stragglerWait(for: spec, firstDoneAfter: first) else { return }
    straggler = (
      now &+ UInt64(wait * 1e9),
      "\(Self.format(wait)) s after the first of its \(spec.threads) threads finished (seen "
        + "at \(Self.format(first)) s; the timeout is \(Self.format(timeout)) s)"
    )
  }

  /// Every thread of the part finished: its check may take what it takes.
  mutating func threadsDone() {
    straggler = nil
  }

  /// A one-thread trial of `ops` operations ended well: the forecast learns its cost.
  func ended(ops: Int) {
    forecast?.learn(spec, ops: ops, seconds: seconds)
  }

  /// Seconds since the trial's own time started.
  private var seconds: Double { Double(Platform.monotonicNanos() - begun) / 1e9 }

  /// What ran out at `now`, if anything; reads the worker's CPU time when it is due.
  mutating func expired(at now: UInt64) -> Expiry? {
    guard now < deadline else {
      guard ready else { return .startup }
      return .hang(
        limit < timeout
          ? "within \(Self.format(limit)) s (forecast from one thread of it; the timeout is "
            + "\(Self.format(timeout)) s)" : "within \(Self.format(timeout)) s")
    }
    if let straggler, now >= straggler.deadline {
      return .hang(straggler.why)
    }
    if let cpuLimit, let cpuBase, now >= cpuCheck {
      cpuCheck = now &+ Self.cpuCheckNanos
      if let used = Platform.cpuSeconds(of: pid), used - cpuBase > cpuLimit {
        return .hang(
          "after \(Self.format(cpuLimit)) s of CPU time (forecast from one thread of it; "
            + "the timeout is \(Self.format(timeout)) s)")
      }
    }
    return nil
  }

  /// How long to wait for the worker before looking again, in milliseconds.
  func wait(at now: UInt64) -> Int32 {
    let next = min(deadline, straggler?.deadline ?? deadline)
    return Int32(min(cpuLimit == nil ? 100 : 50, (next - now) / 1_000_000 + 1))
  }

  /// Seconds as a detail says them: whole, or to 3 significant digits.
  static func format(_ seconds: Double) -> String {
    seconds == seconds.rounded() ? String(Int(seconds)) : String(format: "%.3g", seconds)
  }
}
