import Foundation
import StressKitCore

/// Fails every read while its worker holds, beyond its own four descriptors (0 to 3), a
/// socket, a file, a pipe end other than its own, or more than one copy of its own ends: what
/// a worker forked by the zygote could keep of it or of the runner (the control channel, the
/// request's descriptors). The one copy a worker makes itself is the crash report's, of
/// standard error.
package final class SelfTestDescriptors: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "selftest-descriptors",
    summary: "self-test: fails if its worker holds a pipe, socket or file beyond 0 to 3",
    documented: .notListed, defaultReadRatio: 1, traits: [.readOnly, .hidden])

  package init(shape: TrialShape) {}

  package func read(_ step: Step) -> String? {
    let held = Self.inherited()
    return held.isEmpty ? nil : "holds \(held.joined(separator: ", "))"
  }

  package func check(writesPerThread: [Int]) -> Violations { Violations() }

  /// Descriptors from 4 up that are inherited, as "fd -> target".
  static func inherited() -> [String] {
    /// What `fd` names, and whether it was opened for reading or writing (fdinfo's flags).
    func end(_ fd: Int32) -> String? {
      guard
        let target = try? FileManager.default.destinationOfSymbolicLink(
          atPath: "/proc/self/fd/\(fd)"),
        let info = try? String(contentsOfFile: "/proc/self/fdinfo/\(fd)", encoding: .utf8),
        let flags = info.split(separator: "\n").first(where: { $0.hasPrefix("flags:") }),
        let value = Int(flags.dropFirst(6).trimmingCharacters(in: .whitespaces), radix: 8)
      else { return nil }
      return "\(target) \(value & 3 == 0 ? "read" : "write")"
    }
    let own = Set((0..<4).compactMap(end))
    let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    var held: [String] = []
    var copies: [String] = []
    for fd in names.compactMap(Int32.init).filter({ $0 >= 4 }).sorted() {
      // The listing's own descriptor names this process's fd folder.
      guard let end = end(fd), !end.hasPrefix("/proc/") else { continue }
      if own.contains(end) {
        copies.append("\(fd) -> \(end)")
      } else if end.hasPrefix("socket:") || end.hasPrefix("/") || end.hasPrefix("pipe:") {
        held.append("\(fd) -> \(end)")
      }
    }
    return held + (copies.count > 1 ? copies : [])
  }
}
