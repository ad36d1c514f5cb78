import CStressPlatform
import Foundation

extension Platform {
  /// The machine's physical memory, in bytes.
  package static var physicalMemory: UInt64 { ProcessInfo.processInfo.physicalMemory }

  /// Caps the private writable memory of process `pid` (its heap, anonymous mappings and
  /// thread stacks: Linux's RLIMIT_DATA) at `bytes`, so an allocation past it fails and the
  /// runtime traps, instead of the process taking the machine's memory. False where it could
  /// not (not Linux, or the system refused).
  @discardableResult
  package static func limitMemory(of pid: Int32, to bytes: UInt64) -> Bool {
    cstress_limit_data(pid, bytes) == 0
  }

  /// Caps this process's address space (`ulimit -v`, RLIMIT_AS) at what it maps now plus
  /// `headroom` bytes: a self-test's way to meet the limit a low `ulimit -v` sets. False where
  /// it could not.
  @discardableResult
  package static func capAddressSpace(headroom: UInt64) -> Bool {
    #if os(Linux)
      guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmSize:") }),
        let kilobytes = UInt64(line.dropFirst(7).split(whereSeparator: \.isWhitespace).first ?? "")
      else { return false }
      var limit = rlimit()
      guard getrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit) == 0 else { return false }
      limit.rlim_cur = min(limit.rlim_max, rlim_t(kilobytes * 1024 + headroom))
      return setrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit) == 0
    #else
      return false
    #endif
  }
}
