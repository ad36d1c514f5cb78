// As `ControlledTaskExecutor+Sleep` in StressKitModel: on Swift 6.3 a `Task.sleep` asks the
// task's preferred executor, when it is a `SchedulingExecutor` (SPI there), to hold its
// wake-up job, so the call's sleeps run on virtual time and a test that sleeps takes no real
// seconds. Without it, sleeps take real time, as before.
#if compiler(>=6.3)
  @_spi(ExperimentalScheduling) import _Concurrency

  extension InlineExecutor: SchedulingExecutor {
    package func enqueue<C: Clock>(
      _ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?, clock: C
    ) {
      sleep(UnownedJob(job), for: SleepDelay.after(delay))
    }

    package func enqueue<C: Clock>(
      _ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C
    ) {
      sleep(UnownedJob(job), for: SleepDelay.until(instant, on: clock))
    }
  }
#endif
