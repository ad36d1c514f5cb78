import StressKitCore

/// A cell's machine readings (`MachineReading`) added up, as the summary CSV gives them: the
/// seconds summed, the run queue and the load averaged, each over the trials that had it.
package struct MachineTotals: Sendable, Equatable {
  package private(set) var workerCPUSeconds: Double?
  package private(set) var wallSeconds: Double?
  package private(set) var stealSeconds: Double?
  private var runQueue = (sum: 0, trials: 0)
  private var load = (sum: 0.0, trials: 0)

  package init() {}

  mutating func add(_ reading: MachineReading) {
    if let x = reading.workerCPUSeconds { workerCPUSeconds = (workerCPUSeconds ?? 0) + x }
    if let x = reading.wallSeconds { wallSeconds = (wallSeconds ?? 0) + x }
    if let x = reading.stealSeconds { stealSeconds = (stealSeconds ?? 0) + x }
    if let x = reading.runQueue { runQueue = (runQueue.sum + x, runQueue.trials + 1) }
    if let x = reading.load { load = (load.sum + x, load.trials + 1) }
  }

  /// The mean run queue at the trials' answers; nil if none was read.
  package var meanRunQueue: Double? {
    runQueue.trials > 0 ? Double(runQueue.sum) / Double(runQueue.trials) : nil
  }

  /// The mean 1-minute load at the trials' answers; nil if none was read.
  package var meanLoad: Double? { load.trials > 0 ? load.sum / Double(load.trials) : nil }

  package static func == (a: Self, b: Self) -> Bool {
    (a.workerCPUSeconds, a.wallSeconds, a.stealSeconds) == (
      b.workerCPUSeconds, b.wallSeconds, b.stealSeconds
    )
      && a.runQueue == b.runQueue && a.load == b.load
  }
}
