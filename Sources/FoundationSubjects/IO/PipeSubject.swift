import Foundation
import StressKit
import Synchronization

/// One `Pipe` shared by threads that write records into it while a reader of the trial's own
/// drains it, as a log or progress channel to another process is used: each write sends a
/// 16-byte record of its token (a write of up to PIPE_BUF bytes is atomic, so records from
/// different threads must never mix). The reader drains it one of three ways, in turn from
/// trial to trial (`Reader`). At the end the write end is closed, the reader reaches
/// the end of the stream, and every token must have come through once, whole, and each
/// thread's in its order.
package final class PipeSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "pipe-shared",
    summary: "one Pipe written by every thread (16-byte records) while a reader drains it",
    documented: .unsafe, sendable: Sendability.of(Pipe.self), defaultReadRatio: 0,
    traits: [.ordersPerThread],
    calls: [
      "fileHandleForWriting.write(_:) of 16-byte records (write)"
    ] + Reader.allCases.map(\.rawValue),
    leavesOut:
      "readabilityHandler: on one thread alone it can stop before the stream's end (no call "
      + "at the end, swift-corelibs-foundation 3275, and here 20,336 of 32,000 bytes came "
      + "through in 10 s), a fault no thread causes; writes over PIPE_BUF: POSIX makes only "
      + "smaller writes atomic, so records would mix with no Foundation bug; several readers: "
      + "rare in applications (readers would split the stream); closing while others write: "
      + "their write(_:) traps on a closed handle even on one thread"
  )

  /// How the trial's reader drains the pipe.
  package enum Reader: String, CaseIterable {
    case toEnd = "fileHandleForReading.readDataToEndOfFile() (a reader thread of the trial's)"
    case upTo = "fileHandleForReading.read(upToCount: 4096) until the end (a reader thread)"
    case available = "fileHandleForReading.availableData until it is empty (a reader thread)"
  }

  /// Trials so far in this process: each takes the next reader.
  static let trials = Atomic<Int>(0)
  static let recordSize = 16
  private let pipe = Pipe()
  private let drained = DispatchSemaphore(value: 0)
  /// What came through: appended by the reader only, read once it is done.
  private final class Received: @unchecked Sendable {
    private let lock = NSLock()
    private var bytes = Data()
    func append(_ chunk: Data) { lock.withLock { bytes.append(chunk) } }
    var data: Data { lock.withLock { bytes } }
  }
  private let received = Received()

  package init(shape: TrialShape) {
    let trial = Self.trials.add(1, ordering: .relaxed).oldValue
    let reader = Reader.allCases[trial % Reader.allCases.count]
    let handle = pipe.fileHandleForReading
    let drained = self.drained
    let received = self.received
    // Not `self`: the reader outlives the trial until its write end is closed, in `deinit`.
    switch reader {
    case .toEnd:
      Thread {
        // Until the end of the stream: every write end closed.
        received.append(handle.readDataToEndOfFile())
        drained.signal()
      }.start()
    case .upTo:
      Thread {
        while let chunk = try? handle.read(upToCount: 4_096), !chunk.isEmpty {
          received.append(chunk)
        }
        drained.signal()
      }.start()
    case .available:
      Thread {
        while case let chunk = handle.availableData, !chunk.isEmpty { received.append(chunk) }
        drained.signal()
      }.start()
    }
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
