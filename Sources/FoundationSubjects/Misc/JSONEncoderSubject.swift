import Foundation
import StressKit

/// One shared `JSONEncoder`, configured once, used by every request handler at once: each
/// read encodes a small value and compares the bytes with what they must be.
package final class JSONEncoderSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "jsonencoder", summary: "a shared JSONEncoder (sorted keys): encode(_:)",
    documented: .notListed, sendable: Sendability.of(JSONEncoder.self), traits: [.readOnly],
    calls: [
      "encode(_:) (.sortedKeys)"
    ],
    leavesOut:
      ".prettyPrinted and other formatting, date, data and key strategies, changing settings while shared, userInfo"
  )

  struct Item: Encodable {
    let id: Int
    let name: String
  }

  private let encoder: JSONEncoder

  package init(shape: TrialShape) {
    encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
  }

  package func read(_ step: Step) -> String? {
    let id = Int(step.random >> 16)
    guard let data = try? encoder.encode(Item(id: id, name: "n\(id)")) else {
      return "encode threw"
    }
    let json = String(decoding: data, as: UTF8.self)
    let expected = "{\"id\":\(id),\"name\":\"n\(id)\"}"
    return json == expected ? nil : "encoded \(json), expected \(expected)"
  }

  package func check(writesPerThread: [Int]) -> Violations { Violations() }
}
