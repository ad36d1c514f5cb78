import Foundation
import StressKit

/// One shared `NSMutableData`, as a buffer being filled: each write adds a token's 8 bytes at
/// the end (appended, as a replacement of the empty range at the end, or by growing the length
/// and then filling the new bytes through `mutableBytes`, or appended with a spare chunk that
/// setting `length` 8 smaller cuts off again); reads decode a random aligned 8-byte
/// chunk (copied out, sliced, or read in place through `bytes`), which must be a token some
/// write made. The first and last chunk are drawn often: the ends are where a write lands.
package final class NSMutableDataSubject: StressSubject, @unchecked Sendable {
  package enum Write: String, CaseIterable {
    case append = "append(_:length:) of 8 bytes"
    case replace = "replaceBytes(in:withBytes:length:) of the empty range at the end"
    case grow = "increaseLength(by: 8), then mutableBytes filled"
    case shrink = "append(_:length:) of 16 bytes (with a spare chunk), then length set 8 smaller"
  }

  /// The chunk a shrinking write adds and cuts off: a reader may meet it.
  static let spare = -7

  package enum Read: String, CaseIterable {
    case getBytes = "length, getBytes(_:range:)"
    case subdata = "subdata(with:)"
    case bytes = "bytes (read in place)"
  }

  package static let info = SubjectInfo(
    id: "nsmutabledata",
    summary: "NSMutableData: append, replaceBytes, increaseLength; getBytes, subdata, bytes",
    documented: .unsafe, sendable: Sendability.of(NSMutableData.self),
    calls: Write.allCases.map(\.rawValue) + Read.allCases.map(\.rawValue),
    inputs: [chunks.summary],
    leavesOut: "resetBytes(in:): rare in applications; "
      + "range(of:options:in:) and whole-buffer copies: linear in a growing buffer, so a "
      + "trial's cost would grow with its length")

  package static let writes = InputDomain("writes", edges: [], ordinary: Write.allCases)
  package static let reads = InputDomain("reads", edges: [], ordinary: Read.allCases)
  /// Which chunk a read decodes: the first, the last, or any.
  package static let chunks = InputDomain(
    "chunks", edges: ["the first", "the last"], ordinary: ["any"])

  private let shape: TrialShape
  private let data = NSMutableData()

  package init(shape: TrialShape) {
    self.shape = shape
  }

  package func write(_ step: Step) {
    var token = step.token.littleEndian
    switch Self.writes[step] {
    case .append: data.append(&token, length: 8)
    case .replace:
      data.replaceBytes(in: NSRange(location: data.length, length: 0), withBytes: &token, length: 8)
    case .grow:
      data.increaseLength(by: 8)
      data.mutableBytes.storeBytes(of: token, toByteOffset: data.length - 8, as: Int.self)
    case .shrink:
      var pair = [token, Self.spare.littleEndian]
      data.append(&pair, length: 16)
      data.length -= 8
    }
  }

  package func read(_ step: Step) -> String? {
    let length = data.length
    guard length % 8 == 0 else { return "length \(length) is not a whole number of tokens" }
    guard length > 0 else { return nil }
    let count = length / 8
    let chunk: Int
    switch Self.chunks.index(for: step) {
    case 0: chunk = 0
    case 1: chunk = count - 1
    default: chunk = Int(step.random % UInt64(count))
    }
    var token = 0
    switch Self.reads[step] {
    case .getBytes:
      data.getBytes(&token, range: NSRange(location: chunk * 8, length: 8))
    case .subdata:
      let part = data.subdata(with: NSRange(location: chunk * 8, length: 8))
      guard part.count == 8 else { return "subdata of 8 bytes has \(part.count)" }
      token = part.withUnsafeBytes { $0.loadUnaligned(as: Int.self) }
    case .bytes:
      token = data.bytes.loadUnaligned(fromByteOffset: chunk * 8, as: Int.self)
    }
    let value = Int(littleEndian: token)
    return value == Self.spare || shape.couldHaveWritten(value)
      ? nil : "chunk holds \(value), which no write made"
  }

  package func check(writesPerThread: [Int]) -> Violations {
    let count = data.length / 8
    var tokens = [Int](repeating: 0, count: count)
    tokens.withUnsafeMutableBytes { data.getBytes($0.baseAddress!, length: count * 8) }
    var violations = Token.verify(
      tokens.map { Int(littleEndian: $0) }, writesPerThread: writesPerThread)
    if data.length % 8 != 0 {
      violations.add("length \(data.length) is not a whole number of tokens")
    }
    return violations
  }
}
