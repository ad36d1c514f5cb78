import Foundation
import StressKit

/// `Host.current()` asked from every thread at once: its name must be the kernel's host name
/// (or a fully qualified form of it), where /proc/sys/kernel/hostname says.
package final class HostSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "host", summary: "Host.current().name from every thread",
    documented: .safe, sendable: Sendability.of(Host.self), traits: [.readOnly])

  private let kernelName: String?

  package init(shape: TrialShape) {
    kernelName = HostNameSubject.kernelHostName()
  }

  package func read(_ step: Step) -> String? {
    guard let name = Host.current().name else { return "Host.current().name is nil" }
    guard let kernelName else { return nil }
    return name == kernelName || name.hasPrefix(kernelName + ".")
      ? nil : "Host.current().name is '\(name)', the kernel says '\(kernelName)'"
  }

  package func check(writesPerThread: [Int]) -> Violations { Violations() }
}
