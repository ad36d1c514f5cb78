/// The machine's state around one trial, read by the runner outside the trial's timed region:
/// the CPU its worker got for the wall time the runner waited, and how loaded the machine was.
/// A neighbour that loads the machine shows here (less CPU for the wall time, a longer run
/// queue, steal), where the trial's own figures alone would read as a slower wrapper.
package struct MachineReading: Sendable, Codable, Equatable {
  /// The worker's CPU seconds from the request to the answer; nil if it could not be read
  /// (the worker was gone: a crash, a hang it was killed for).
  package var workerCPUSeconds: Double?
  /// Wall seconds from the request to the answer.
  package var wallSeconds: Double?
  /// Runnable tasks on the machine at the answer (the reader included); nil where unknown.
  package var runQueue: Int?
  /// The machine's 1-minute load average at the answer; nil where unknown.
  package var load: Double?
  /// CPU time taken by other guests of the host during the trial (steal), over every CPU, in
  /// seconds; nil where the kernel does not report it.
  package var stealSeconds: Double?

  package init(
    workerCPUSeconds: Double? = nil, wallSeconds: Double? = nil, runQueue: Int? = nil,
    load: Double? = nil, stealSeconds: Double? = nil
  ) {
    self.workerCPUSeconds = workerCPUSeconds
    self.wallSeconds = wallSeconds
    self.runQueue = runQueue
    self.load = load
    self.stealSeconds = stealSeconds
  }
}
