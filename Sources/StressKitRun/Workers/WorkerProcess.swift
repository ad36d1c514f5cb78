import Foundation
import StressKitCore
import StressKitEngine
import StressPlatform

/// The parent side of trial isolation: one worker process, trials sent to it one at a time,
/// each with a deadline. A worker that crashed or was killed for hanging is not reused.
final class WorkerProcess: TrialRunner {
  private let child: Platform.Child
  var pid: Int32? { child.pid }
  private var results: [UInt8] = []
  private var diagnostics: [UInt8] = []
  /// The last of what the worker printed past `diagnosticsLimit`: a crash's report comes
  /// last.
  private var diagnosticsTail: [UInt8] = []
  private var diagnosticsOpen = true
  private(set) var isAlive = true
  /// The worker said it is serving; a worker that dies before that never ran a trial.
  private var ready = false
  private static let diagnosticsLimit = 64 * 1024
  /// Counts ThreadSanitizer reports in what the worker prints, when its binary is built with
  /// TSan (`scripts/tsan.sh`); nil otherwise.
  private var reports: ReportCounter?
  private let memoryLimit: UInt64?
  /// Cuts an unprotected trial's wait for a hang to what its subject's cost predicts, shared
  /// by the run's workers; nil: every trial waits its whole timeout.
  private let forecast: HangForecast?

  /// `reportsCrashes`: a crash's detail names where it crashed (`CrashReport`). Off under
  /// ThreadSanitizer, which keeps the crash signals to itself. With `forkServer`, the worker is
  /// forked by its zygote where it can, else started by exec. `memoryLimit` caps the worker's
  /// memory before its first trial (`Platform.limitMemory`). `forecast` shortens the wait for
  /// a hang where it can (`HangForecast`).
  init(
    executable: String, countsSanitizerReports: Bool = false, reportsCrashes: Bool = true,
    forkServer: ForkServer? = nil, memoryLimit: UInt64? = nil, forecast: HangForecast? = nil
  ) throws {
    reports = countsSanitizerReports ? ReportCounter() : nil
    self.memoryLimit = memoryLimit
    self.forecast = forecast
    let crashes = reportsCrashes && !countsSanitizerReports
    if let forked = forkServer?.launch(flags: crashes ? .reportsCrashes : []) {
      child = forked
    } else {
      child = try Platform.spawn(
        executable: executable,
        arguments: [Worker.command, "--parent-pid", String(Platform.processID)]
          + (crashes ? [Worker.crashReportFlag] : []),
        environment: Self.environment)
    }
    if let memoryLimit { Platform.limitMemory(of: child.pid, to: memoryLimit) }
  }

  deinit {
    stop()
  }

  /// Runs `spec`; a crash, a hang past `timeout` seconds, or a garbled answer becomes the result.
  /// A crash or hang before the worker reported its single-threaded sanity pass (unless the
  /// spec skipped it), or in a one-thread trial, is the subject's fault alone: `error`, not a
  /// finding. A worker that dies or stays silent before it says it is ready, or answers what no
  /// trial can produce, is the harness's failure. The timeout counts from the worker's
  /// readiness, not its start-up (`TrialDeadline`).
  func run(
    _ spec: TrialSpec, timeout: Double, failsAlone: Bool = false,
    interruption: Interruption? = nil
  ) throws(Interrupted) -> TrialResult {
    guard isAlive else { return .harnessFault("worker is not running") }
    diagnostics.removeAll()
    diagnosticsTail.removeAll()
    reports?.reset()
    var request = [UInt8]((try? JSONEncoder().encode(spec)) ?? Data())
    request.append(UInt8(ascii: "\n"))
    // A trial whose pass the runner skipped is past it from the start: a crash before the
    // worker says so (a thread of its last trial still ending) is not for this worker to call
    // broken; the runner judges it alone (`TrialSpec.Sanity`).
    var sane = spec.sanity == .skipped
    var startedAt: UInt64?
    func alone(_ result: TrialResult) -> TrialResult {
      judged(result, spec, failsAlone: failsAlone, sane: sane, startedAt: startedAt)
    }
    guard Platform.writeAll(child.input, request) else { return alone(ended()) }

    // A fresh worker first has to start (exec, the runtime, a sanitizer's set-up): that time
    // is not the trial's, and has a limit of its own.
    var limits = TrialDeadline(
      spec: spec, timeout: timeout, forecast: forecast, pid: child.pid, ready: ready)
    let sanityOps = min(Trial.sanityOps, spec.bound.opsPerThread ?? Trial.sanityOps)
    let passTeaches = spec.sanity == nil && spec.threads > 1 && !failsAlone
    while true {
      if let answer = readMessages(
        spec, limits: &limits, sane: &sane, startedAt: &startedAt, passTeaches: passTeaches,
        sanityOps: sanityOps)
      {
        return answer
      }
      if interruption?.requested != nil {
        stop()
        throw Interrupted()
      }
      let now = Platform.monotonicNanos()
      switch limits.expired(at: now) {
      case .startup?:
        stop()
        return .harnessFault(
          "the worker did not start within \(TrialDeadline.startupNanos / 1_000_000_000) s")
      case .hang(let why)?:
        stop()
        var hung = TrialResult(
          outcome: .hang,
          detail: "no result \(why); worker killed"
            + (Self.firstLine(diagnostics).map { " (\($0))" } ?? ""))
        hung.finding = Finding(.hang)
        return alone(hung)
      case nil:
        break
      }
      let wait = limits.wait(at: now)
      let watched = diagnosticsOpen ? [child.results, child.diagnostics] : [child.results]
      for fd in Platform.waitReadable(watched, milliseconds: wait) {
        let chunk = Platform.readSome(fd) ?? []
        if fd == child.diagnostics {
          // A worker may close its stdout and stderr; stop watching rather than spin on EOF.
          if chunk.isEmpty { diagnosticsOpen = false }
          reports?.scan(chunk)
          keep(chunk)
        } else if chunk.isEmpty {
          return alone(ended())
        } else {
          results += chunk
        }
      }
    }
  }

  /// What a trial's end means for its subject: a crash or hang before the sanity pass (or in
  /// a one-thread trial) is the subject's fault alone; before the worker was ready, the
  /// harness's.
  private func judged(
    _ result: TrialResult, _ spec: TrialSpec, failsAlone: Bool, sane: Bool, startedAt: UInt64?
  ) -> TrialResult {
    // A worker that died before it could serve is the harness's failure (a resource limit,
    // a broken binary), never the subject's.
    guard ready else {
      return .harnessFault("the worker died before it was ready: \(result.detail)")
    }
    guard !sane || (spec.threads == 1 && !failsAlone) else {
      var result = result
      // A crash is timed from the barrier's release to the moment the worker's end was seen.
      if result.outcome == .crash, let startedAt {
        result.timeToFailureMs = Double(Platform.monotonicNanos() - startedAt) / 1e6
      }
      return result
    }
    return .brokenSubject("\(result.outcome.rawValue): \(result.detail)", keeping: result.finding)
  }

  /// Reads the worker's complete messages: its answer if one came, or the harness's fault for
  /// an unreadable one; nil to wait for more.
  private func readMessages(
    _ spec: TrialSpec, limits: inout TrialDeadline, sane: inout Bool, startedAt: inout UInt64?,
    passTeaches: Bool, sanityOps: Int
  ) -> TrialResult? {
    while let newline = results.firstIndex(of: UInt8(ascii: "\n")) {
      let line = Data(results[..<newline])
      results.removeSubrange(...newline)
      switch try? JSONDecoder().decode(WorkerMessage.self, from: line) {
      case .ready?:
        ready = true
        limits.workerReady()
      case .sane?:
        sane = true
        if passTeaches { limits.passed(ops: sanityOps) }
      case .started?:
        startedAt = Platform.monotonicNanos()
        limits.started()
      case .firstThreadDone?:
        limits.firstThreadDone()
      case .threadsDone?:
        limits.threadsDone()
      case .result(let result)?:
        return finish(result, spec, limits)
      case nil:
        stop()
        return .harnessFault("worker sent an unreadable result")
      }
    }
    return nil
  }

  /// The worker's answer, with the sanitizer reports printed before it; an impossible one is
  /// the harness's failure. A one-thread trial that ended well teaches the forecast.
  private func finish(_ answer: TrialResult, _ spec: TrialSpec, _ limits: TrialDeadline)
    -> TrialResult
  {
    var result = answer
    // Reports printed just before the result may still be in the pipe.
    while diagnosticsOpen,
      !Platform.waitReadable([child.diagnostics], milliseconds: 0).isEmpty,
      let chunk = Platform.readSome(child.diagnostics), !chunk.isEmpty
    {
      reports?.scan(chunk)
    }
    result.sanitizerReports = reports?.count
    if let impossible = result.impossibility {
      stop()
      return .harnessFault("the worker answered impossible values: \(impossible)")
    }
    if spec.threads == 1, result.outcome == .ok, let ops = result.ops {
      limits.ended(ops: ops)
    }
    return result
  }

  /// Closes the worker's input so it exits, and makes sure it is gone.
  func stop() {
    guard isAlive else { return }
    isAlive = false
    Platform.closeDescriptor(child.input)
    Platform.killHard(child.pid)
    _ = Platform.wait(child.pid)
    Platform.closeDescriptor(child.results)
    Platform.closeDescriptor(child.diagnostics)
  }

  /// The worker closed its result channel: collect how it died.
  private func ended() -> TrialResult {
    // Drain what it said on the way out (the fatal error message, then the crash's report), for
    // a bounded time: a dying thread may go on printing.
    let drainEnd = Platform.monotonicNanos() &+ 2_000_000_000
    while diagnosticsOpen, Platform.monotonicNanos() < drainEnd,
      !Platform.waitReadable([child.diagnostics], milliseconds: 200).isEmpty,
      let chunk = Platform.readSome(child.diagnostics), !chunk.isEmpty
    {
      keep(chunk)
      reports?.scan(chunk)
    }
    isAlive = false
    Platform.closeDescriptor(child.input)
    // It closed its result channel, so it is dying; if it lingers, it is killed.
    var termination = Platform.wait(child.pid, block: false)
    // In steps of 1 ms: a crashed worker's threads take a millisecond or two to die, and each
    // crash would otherwise wait a whole 10 ms step.
    for _ in 0..<1_000 where termination == nil {
      Platform.sleep(seconds: 0.001)
      termination = Platform.wait(child.pid, block: false)
    }
    if termination == nil {
      Platform.killHard(child.pid)
      termination = Platform.wait(child.pid)
    }
    Platform.closeDescriptor(child.results)
    Platform.closeDescriptor(child.diagnostics)
    let message = Self.firstLine(diagnostics).map { ": \($0)" } ?? ""
    var result: TrialResult
    switch termination {
    case .signaled(let signal):
      let report = CrashReport(diagnostics + diagnosticsTail)
      let place = report.map { " " + $0.summary } ?? ""
      var why = message
      // A runtime check (an overflow; in optimized code a nil unwrap too) traps silently:
      // its message is only in the debug information.
      if signal == SIGILL || signal == SIGTRAP, !Self.saysFatal(diagnostics),
        let failure = report?.runtimeFailure
      {
        why = ": " + failure
      }
      // An allocation refused at the limit this runner set: say so, or it reads as a bug.
      if let memoryLimit, Self.saysAllocationFailed(why) {
        why += " (the worker's memory limit, \(memoryLimit >> 20) MiB: --memory-limit)"
      }
      result = TrialResult(outcome: .crash, detail: Platform.signalName(signal) + place + why)
      result.finding = Finding(.crash, crashSite: report?.summary)
    case .exited(let code):
      result = TrialResult(outcome: .crash, detail: "exited with status \(code)" + message)
      result.finding = Finding(.crash)
    case nil:
      result = .harnessFault("worker closed its result channel")
    }
    result.sanitizerReports = reports?.count
    return result
  }

  /// Keeps the first `diagnosticsLimit` bytes the worker printed, and the last as many.
  private func keep(_ chunk: [UInt8]) {
    if diagnostics.count < Self.diagnosticsLimit {
      diagnostics += chunk
    } else {
      diagnosticsTail += chunk
      if diagnosticsTail.count > Self.diagnosticsLimit {
        diagnosticsTail.removeFirst(diagnosticsTail.count - Self.diagnosticsLimit)
      }
    }
  }
}
