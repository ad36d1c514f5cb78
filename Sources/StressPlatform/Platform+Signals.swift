import CStressPlatform

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// MARK: - Signals

extension Platform {
  /// Makes SIGINT and SIGTERM set `Interruption.process` instead of ending the process. The
  /// command line calls this first thing (a worker, which ignores both from before its exec,
  /// excepted), so no signal, however early, is lost: the run sees it before its first trial
  /// and stops cleanly.
  package static func recordInterrupts() {
    // Touched here first, so the handler never runs the static's one-time initializer.
    _ = Interruption.process
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    for sig in [SIGINT, SIGTERM] {
      // An atomic store is all the handler does: async-signal-safe.
      _ = signal(sig) { received in Interruption.process.request(received) }
      sigaddset(&unblocked, sig)
    }
    // A parent may have started this process with them blocked (a thread of Dispatch's pool
    // blocks every signal, and a child inherits the mask): they would wait, never handled.
    _ = pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
  }

  /// Gives SIGINT and SIGTERM their default action back, for commands that have nothing to
  /// stop cleanly; one that arrived since `recordInterrupts` takes effect now.
  package static func restoreDefaultInterrupts() {
    _ = signal(SIGINT, SIG_DFL)
    _ = signal(SIGTERM, SIG_DFL)
    if let received = Interruption.process.requested { _ = raise(received) }
  }

  /// Workers leave SIGINT and SIGTERM to their runner, which stops them itself: a Ctrl-C sent
  /// to the whole process group must not turn the trial in flight into a crash row.
  package static func ignoreInterrupts() {
    _ = signal(SIGINT, SIG_IGN)
    _ = signal(SIGTERM, SIG_IGN)
  }

  package static var interruptSignal: Int32 { SIGINT }

  /// Writing to a dead worker, or to a closed pipe on stdout, must be an error, not the death
  /// of the process; so must writing past a file-size limit (`ulimit -f`), which fails with
  /// EFBIG once SIGXFSZ is ignored.
  package static func ignoreBrokenPipes() {
    _ = signal(SIGPIPE, SIG_IGN)
    _ = signal(SIGXFSZ, SIG_IGN)
  }

  /// A crash from now on writes where it happened to stderr before the signal ends the process
  /// (`cstress_install_crash_report`), for the runner's `CrashReport`.
  package static func reportCrashes() {
    _ = cstress_install_crash_report(STDERR_FILENO)
  }
}
