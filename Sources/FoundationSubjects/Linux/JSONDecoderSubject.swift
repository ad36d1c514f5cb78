import Foundation
import StressKit

/// One shared `JSONDecoder`, configured once, decoding every request at once: each read
/// decodes a small object built from the step and must get its fields back.
package final class JSONDecoderSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "jsondecoder", summary: "a shared JSONDecoder (snake case keys): decode(_:from:)",
    documented: .notListed, sendable: Sendability.of(JSONDecoder.self), traits: [.readOnly],
    calls: [
      "decode(_:from:) (.convertFromSnakeCase keys)"
    ],
    leavesOut:
      "changing strategies while shared, date and data strategies, userInfo, malformed, nested or large input"
  )

  struct Item: Decodable, Equatable {
    let itemId: Int
    let itemName: String
  }

  private let decoder: JSONDecoder

  package init(shape: TrialShape) {
    decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
  }

  package func read(_ step: Step) -> String? {
    let id = Int(step.random >> 16)
    let json = Data("{\"item_id\":\(id),\"item_name\":\"n\(id)\"}".utf8)
    guard let item = try? decoder.decode(Item.self, from: json) else { return "decode threw" }
    return item == Item(itemId: id, itemName: "n\(id)") ? nil : "decoded \(item) for id \(id)"
  }

  package func check(writesPerThread: [Int]) -> Violations { Violations() }
}
