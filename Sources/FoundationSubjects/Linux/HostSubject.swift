import Foundation
import StressKit

/// One `Host` shared by every thread, asked its name, names and addresses at once. `Host.current()`
/// hands out a new object on each call here (swift-corelibs-foundation PR 5000 made it so,
/// after issue 3194), so calling it per read would share nothing: the subject takes one and
/// shares it, from its first call, whose lazy name lookup is the race to see. Its name must be
/// the kernel's host name (or a fully qualified form of it), and its names what another Host
/// gave alone, and so its addresses.
package final class HostSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "host", summary: "one Host.current() shared by every thread: name, names",
    documented: .safe, sendable: Sendability.of(Host.self), traits: [.readOnly],
    calls: ["name", "names", "addresses"],
    leavesOut:
      "Host(name:) and Host(address:): each makes a new Host that shares nothing with the "
      + "others, and its cost is the resolver's; isEqual(to:): it compares the names the reads "
      + "already ask")

  private let kernelName: String?
  private let host = Host.current()
  /// What another Host gave alone, once a process: the name lookup costs milliseconds.
  private static let alone = Set(Host.current().names)
  private static let addressesAlone = Set(Host.current().addresses)

  package init(shape: TrialShape) {
    kernelName = HostNameSubject.kernelHostName()
    _ = Self.alone
    _ = Self.addressesAlone
  }

  package func read(_ step: Step) -> String? {
    if step.random % 3 == 2 {
      let addresses = Set(host.addresses)
      return addresses == Self.addressesAlone
        ? nil : "addresses are \(addresses.sorted()), alone \(Self.addressesAlone.sorted())"
    }
    if step.random % 3 == 0 {
      let names = Set(host.names)
      return names == Self.alone ? nil : "names are \(names.sorted()), alone \(Self.alone.sorted())"
    }
    guard let name = host.name else { return "name is nil" }
    guard let kernelName else { return nil }
    return name == kernelName || name.hasPrefix(kernelName + ".")
      ? nil : "name is '\(name)', the kernel says '\(kernelName)'"
  }

  package func check(writesPerThread: [Int]) -> Violations { Violations() }
}
