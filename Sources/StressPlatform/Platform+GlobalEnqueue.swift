import CStressPlatform

extension Platform {
  /// Runs `body` on this thread and returns the first job it enqueued on the global executor,
  /// kept from it (through the runtime's enqueue hook), or nil if it enqueued none. A
  /// `Task.sleep`'s wake-up resumes its task through the global executor: kept, the task
  /// can resume on the thread that ran the wake-up, which needs none of the global
  /// executor's threads (a test that blocks them all would otherwise never see it resume).
  package static func firstGlobalEnqueue(of body: () -> Void) -> UnownedJob? {
    cstress_global_capture_begin()
    body()
    guard let job = cstress_global_capture_end() else { return nil }
    // A job is a pointer to the runtime's job, which is what an `UnownedJob` holds.
    return unsafeBitCast(job, to: UnownedJob.self)
  }
}
