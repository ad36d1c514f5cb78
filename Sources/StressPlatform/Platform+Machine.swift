import Foundation

// MARK: - How loaded the machine is (`MachineProbe`; Linux's /proc)

extension Platform {
  /// The machine's runnable tasks now and its 1-minute load average (/proc/loadavg: its first
  /// field, and the count before the slash of its fourth, the reader included); nil where it
  /// cannot be read.
  package static func machineLoad() -> (load: Double, runnable: Int)? {
    guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else {
      return nil
    }
    let fields = text.split(separator: " ")
    guard fields.count >= 4, let load = Double(fields[0]),
      let runnable = fields[3].split(separator: "/").first.flatMap({ Int($0) })
    else { return nil }
    return (load, runnable)
  }

  /// CPU time the hypervisor gave to other guests since boot, over every CPU, in seconds
  /// (/proc/stat's `cpu` line, its eighth value); nil where the kernel does not say.
  package static func stealSeconds() -> Double? {
    guard let text = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
      let line = text.split(separator: "\n").first(where: { $0.hasPrefix("cpu ") })
    else { return nil }
    let values = line.split(separator: " ").dropFirst()
    guard values.count >= 8, let ticks = Double(values[values.startIndex + 7]) else { return nil }
    let perSecond = sysconf(Int32(_SC_CLK_TCK))
    return perSecond > 0 ? ticks / Double(perSecond) : nil
  }
}
