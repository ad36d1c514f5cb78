import Foundation
import StressKit

/// An immutable `NSData` shared read-only: reads copy 8 bytes at a random offset and compare
/// them with the arithmetic pattern it was built from (byte i is i mod 251).
package final class NSDataSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "nsdata", summary: "immutable NSData, shared read-only: getBytes(_:range:)",
    documented: .safe, sendable: Sendability.of(NSData.self), traits: [.readOnly],
    calls: [
      "getBytes(_:range:) (8 bytes)"
    ],
    leavesOut:
      "bytes pointer, subdata(with:), range(of:options:in:), base64EncodedString(), enumerateBytes, bridging to Data"
  )

  static let length = 4096
  private let data: NSData

  package init(shape: TrialShape) {
    data = NSData(data: Data((0..<Self.length).map { UInt8($0 % 251) }))
  }

  package func read(_ step: Step) -> String? {
    let at = Int(step.random % UInt64(Self.length - 8))
    var bytes = [UInt8](repeating: 0, count: 8)
    data.getBytes(&bytes, range: NSRange(location: at, length: 8))
    let expected = (at..<at + 8).map { UInt8($0 % 251) }
    return bytes == expected ? nil : "bytes at \(at) are \(bytes), expected \(expected)"
  }

  package func check(writesPerThread: [Int]) -> Violations {
    var violations = Violations()
    if data.length != Self.length { violations.add("length is \(data.length)") }
    return violations
  }
}
