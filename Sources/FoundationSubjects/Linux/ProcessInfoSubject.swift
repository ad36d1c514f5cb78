import Foundation
import StressKit

/// `ProcessInfo.processInfo` read from every thread at once, as servers read it for logs,
/// configuration and identifiers (`SharedReadOnlySubject`): the environment (whose reads were
/// unlocked, swift-foundation PR 420), arguments, identity, the system's description, memory
/// and processors, unique strings (two in a row must differ) and the uptime (which must not go
/// back). The environment names lead with the empty name, a missing one and the ones every
/// process has. `processinfo-hostname` asks hostName alone.
package enum ProcessInfoSubject: SharedReadOnly {
  package enum Call: String, CaseIterable {
    case environment = "environment[name]"
    case arguments = "arguments"
    case identity = "processIdentifier, processName"
    case system = "operatingSystemVersionString, operatingSystemVersion"
    case hardware = "activeProcessorCount, processorCount, physicalMemory"
    case unique = "globallyUniqueString (two in a row differ)"
    case uptime = "systemUptime (two in a row do not go back)"
    case user = "userName, fullUserName"
  }

  package static let id = "processinfo"
  package static let summary =
    "ProcessInfo.processInfo from every thread: environment, arguments, identity, system, ids"
  package static let documented = DocumentedSafety.unsafe
  package static let sendable: Bool? = Sendability.of(ProcessInfo.self)
  package static let leavesOut =
    "setenv while others read: environment-setenv covers it; hostName: processinfo-hostname "
    + "covers it; thermalState and activity assertions: fixed values on Linux, with no state "
    + "behind them"
  package static let inputs = InputDomain(
    "environment names", edges: ["", "STRESS_MISSING_VARIABLE", "PATH", "HOME", "LANG"],
    ordinary: ["USER", "SHELL", "PWD", "TERM", "TMPDIR", "HOSTNAME"])

  package static func make() -> ProcessInfo { ProcessInfo.processInfo }

  package static func format(_ info: ProcessInfo, _ call: Call, _ name: String) -> String {
    switch call {
    case .environment: return info.environment[name] ?? "nil"
    case .arguments: return info.arguments.joined(separator: " ")
    case .identity: return "\(info.processIdentifier == getpid()) \(info.processName)"
    case .system:
      let v = info.operatingSystemVersion
      return "\(info.operatingSystemVersionString) \(v.majorVersion).\(v.minorVersion)"
    case .hardware:
      return "\(info.activeProcessorCount) \(info.processorCount) \(info.physicalMemory)"
    case .unique:
      let a = info.globallyUniqueString
      let b = info.globallyUniqueString
      return "\(a != b) \(a.count == b.count) \(a.split(separator: "-").count)"
    case .uptime:
      let a = info.systemUptime
      let b = info.systemUptime
      return "\(a > 0 && b >= a)"
    case .user: return "\(info.userName) \(info.fullUserName)"
    }
  }
}
