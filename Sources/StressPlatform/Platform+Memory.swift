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
}
