import Foundation
import StressKit

/// One shared `PropertyListEncoder` (binary), used by every thread at once: each read encodes
/// a small value, and a decoder of the read's own must give it back.
package final class PropertyListEncoderSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "propertylistencoder", summary: "a shared PropertyListEncoder (binary): encode(_:)",
    documented: .notListed, sendable: Sendability.of(PropertyListEncoder.self),
    traits: [.readOnly],
    calls: [
      "encode(_:) (.binary output)"
    ],
    leavesOut:
      "XML output, changing outputFormat while shared, userInfo, top-level collections, a shared PropertyListDecoder"
  )

  struct Item: Codable, Equatable {
    let id: Int
    let tags: [String]
  }

  private let encoder: PropertyListEncoder

  package init(shape: TrialShape) {
    encoder = PropertyListEncoder()
    encoder.outputFormat = .binary
  }

  package func read(_ step: Step) -> String? {
    let id = Int(step.random >> 16)
    let item = Item(id: id, tags: ["t\(id % 7)", "u\(id % 11)"])
    guard let data = try? encoder.encode(item) else { return "encode threw" }
    guard let back = try? PropertyListDecoder().decode(Item.self, from: data) else {
      return "\(data.count) bytes that do not decode"
    }
    return back == item ? nil : "decoded \(back), encoded \(item)"
  }

  package func check(writesPerThread: [Int]) -> Violations { Violations() }
}
