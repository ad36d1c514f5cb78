import Foundation
import StressKit

/// One shared `NSMutableData`, as a buffer being filled: writes append a token's 8 bytes,
/// reads decode a random aligned 8-byte chunk, which must be a token some write made.
package final class NSMutableDataSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "nsmutabledata", summary: "NSMutableData: append(_:length:), getBytes(_:range:)",
    documented: .unsafe, sendable: Sendability.of(NSMutableData.self),
    calls: [
      "append(_:length:) of 8 bytes (write)",
      "length (read)",
      "getBytes(_:range:) (read)",
    ],
    leavesOut:
      "replaceBytes(in:withBytes:length:), resetBytes(in:), setting length, increaseLength(by:), mutableBytes, bytes"
  )

  private let shape: TrialShape
  private let data = NSMutableData()

  package init(shape: TrialShape) {
    self.shape = shape
  }

  package func write(_ step: Step) {
    var token = step.token.littleEndian
    data.append(&token, length: 8)
  }

  package func read(_ step: Step) -> String? {
    let length = data.length
    guard length % 8 == 0 else { return "length \(length) is not a whole number of tokens" }
    guard length > 0 else { return nil }
    var token = 0
    data.getBytes(
      &token, range: NSRange(location: Int(step.random % UInt64(length / 8)) * 8, length: 8))
    let value = Int(littleEndian: token)
    return shape.couldHaveWritten(value) ? nil : "chunk holds \(value), which no write made"
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
