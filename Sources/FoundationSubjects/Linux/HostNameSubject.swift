import Foundation
import StressKit

/// `ProcessInfo.processInfo.hostName` asked from every thread at once, as loggers do (it
/// crashed under concurrency through Host's shared state, swift-corelibs-foundation issue
/// 3194). The expected name comes from the kernel (/proc/sys/kernel/hostname), not from
/// Foundation, where that file exists.
package final class HostNameSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "processinfo-hostname", summary: "ProcessInfo.processInfo.hostName from every thread",
    documented: .unsafe, sendable: Sendability.of(ProcessInfo.self), traits: [.readOnly],
    calls: ["ProcessInfo.processInfo.hostName"],
    leavesOut: "Host.current().names: host covers it; Host.current().addresses: rare in "
      + "applications; the rest of ProcessInfo: processinfo covers it")

  private let kernelName: String?

  package init(shape: TrialShape) {
    kernelName = HostNameSubject.kernelHostName()
  }

  /// The kernel's host name, or nil where it cannot be read.
  static func kernelHostName() -> String? {
    (try? String(contentsOfFile: "/proc/sys/kernel/hostname", encoding: .utf8))?
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  package func read(_ step: Step) -> String? {
    let name = ProcessInfo.processInfo.hostName
    guard let kernelName else { return name.isEmpty ? "hostName is empty" : nil }
    // Foundation may give a fully qualified name for the kernel's short one.
    return name == kernelName || name.hasPrefix(kernelName + ".")
      ? nil : "hostName is '\(name)', the kernel says '\(kernelName)'"
  }

  package func check(writesPerThread: [Int]) -> Violations { Violations() }
}
