import StressKitCore
import StressPlatform

/// Reads the machine around one trial (`MachineReading`): started before the request, read
/// after the answer, both outside the worker's timed region.
struct MachineProbe {
  private let pid: Int32?
  private let began: UInt64
  private let cpu: Double?
  private let steal: Double?

  /// Starts reading for the worker `pid`, if it has one.
  init(pid: Int32?) {
    self.pid = pid
    cpu = pid.flatMap(Platform.cpuSeconds(of:))
    steal = Platform.stealSeconds()
    began = Platform.monotonicNanos()
  }

  /// What the trial saw, from the start to now.
  func reading() -> MachineReading {
    let wall = Double(Platform.monotonicNanos() - began) / 1e9
    let load = Platform.machineLoad()
    let cpuNow = pid.flatMap(Platform.cpuSeconds(of:))
    let stealNow = Platform.stealSeconds()
    return MachineReading(
      workerCPUSeconds: cpu.flatMap { before in cpuNow.map { max(0, $0 - before) } },
      wallSeconds: wall, runQueue: load?.runnable, load: load?.load,
      stealSeconds: steal.flatMap { before in stealNow.map { max(0, $0 - before) } })
  }
}
