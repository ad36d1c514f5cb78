// `SchedulingExecutor` is how a `Task.sleep` reaches the executor its task prefers (on Swift
// 6.3, `Task.sleep` asks the current scheduling executor before the global one, and a task's
// executor preference is among those it asks). It is SPI there, so this file alone imports it,
// and a toolchain without it leaves sleeps on real time (a sleeping task's wake then comes
// from outside the schedule, reported as escaped).
#if compiler(>=6.3)
  @_spi(ExperimentalScheduling) import _Concurrency
  import StressKitCore

  extension ControlledTaskExecutor: SchedulingExecutor {
    func enqueue<C: Clock>(
      _ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?, clock: C
    ) {
      sleep(UnownedJob(job), for: SleepDelay.after(delay))
    }

    func enqueue<C: Clock>(
      _ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C
    ) {
      sleep(UnownedJob(job), for: SleepDelay.until(instant, on: clock))
    }
  }
#endif
