import Foundation
import StressKit

/// One `Pipe` shared by threads that write records into it while a reader of the trial's own
/// drains it, as a log or progress channel to another process is used: each write sends a
/// 16-byte record of its token (a write of up to PIPE_BUF bytes is atomic, so records from
/// different threads must never mix). At the end the write end is closed, the reader reaches
/// the end of the stream, and every token must have come through once, whole, and each
/// thread's in its order.
package final class PipeSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "pipe-shared",
    summary: "one Pipe written by every thread (16-byte records) while a reader drains it",
    documented: .unsafe, sendable: Sendability.of(Pipe.self), defaultReadRatio: 0,
    traits: [.ordersPerThread],
    calls: [
      "fileHandleForWriting.write(_:) of 16-byte records (write)",
      "fileHandleForReading.readDataToEndOfFile() (one reader thread, started in init)",
    ],
    leavesOut:
      "readabilityHandler, availableData and read(upToCount:): not covered yet; writes "
      + "over PIPE_BUF: POSIX makes only smaller writes atomic, so records would mix with "
      + "no Foundation bug; several readers: rare in applications (readers would split "
      + "the stream); closing while others write: their write(_:) traps on a closed "
      + "handle even on one thread"
  )

  static let recordSize = 16
  private let pipe = Pipe()
  private let drained = DispatchSemaphore(value: 0)
  /// What came through: written by the reader thread only, read after `drained`.
  private final class Received: @unchecked Sendable { var data = Data() }
  private let received = Received()

  package init(shape: TrialShape) {
    let handle = pipe.fileHandleForReading
    let drained = self.drained
    let received = self.received
    // Not `self`: the reader outlives the trial until its write end is closed, in `deinit`.
    Thread {
      // Until the end of the stream: every write end closed.
      received.data = handle.readDataToEndOfFile()
      drained.signal()
    }.start()
  }

  deinit {
    try? pipe.fileHandleForWriting.close()
    drained.wait()
  }

  /// A token and its complement, 8 bytes each: a torn or mixed record fails the pairing.
  static func record(_ token: Int) -> Data {
    [token.littleEndian, (~token).littleEndian].withUnsafeBytes { Data($0) }
  }

  package func write(_ step: Step) {
    pipe.fileHandleForWriting.write(Self.record(step.token))
  }

  package func read(_ step: Step) -> String? { nil }

  package func check(writesPerThread: [Int]) -> Violations {
    var violations = Violations()
    try? pipe.fileHandleForWriting.close()
    drained.wait()
    drained.signal()
    let received = self.received.data
    if received.count % Self.recordSize != 0 {
      violations.add("\(received.count) bytes came through, not whole 16-byte records")
    }
    var tokens: [Int] = []
    received.withUnsafeBytes { raw in
      for offset in stride(from: 0, to: raw.count - Self.recordSize + 1, by: Self.recordSize) {
        let token = Int(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: Int.self))
        let complement = Int(
          littleEndian: raw.loadUnaligned(fromByteOffset: offset + 8, as: Int.self))
        guard complement == ~token else {
          violations.add("record at byte \(offset) is torn or mixed")
          continue
        }
        tokens.append(token)
      }
    }
    violations.merge(OrderedTokens.verify(tokens, writesPerThread: writesPerThread))
    return violations
  }
}
