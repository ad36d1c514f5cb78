import Foundation

/// A record as a server encodes and decodes it, with a field of every kind coders treat
/// specially (integers, doubles, dates, data, an optional, an array, a dictionary, camel-case
/// names for key strategies), and the payloads coder subjects draw, edge ones first: all
/// empty, escapes and non-ASCII text, the extremes, NaN and infinities, shortest-round-trip
/// doubles, and a large one.
package struct Payload: Codable, Sendable, Equatable, CustomStringConvertible {
  var id: Int
  var displayName: String
  var score: Double
  var createdAt: Date
  var blob: Data
  var tags: [String]
  var note: String?
  var userInfoMap: [String: Int]

  init(
    id: Int, displayName: String = "", score: Double = 0, createdAt: Double = 0,
    blob: [UInt8] = [], tags: [String] = [], note: String? = nil, userInfoMap: [String: Int] = [:]
  ) {
    self.id = id
    self.displayName = displayName
    self.score = score
    self.createdAt = Date(timeIntervalSince1970: createdAt)
    self.blob = Data(blob)
    self.tags = tags
    self.note = note
    self.userInfoMap = userInfoMap
  }

  /// Every field, the dictionary's keys sorted: two equal payloads print alike (a
  /// dictionary's own description follows its hash order, which differs between instances).
  package var description: String {
    let map = userInfoMap.keys.sorted().map { "\($0)=\(userInfoMap[$0]!)" }
    let text = "\(displayName.unicodeScalars.map(\.value).reduce(0) { $0 &* 31 &+ Int($1) })"
    return
      "id \(id) name \(displayName.count):\(text) score \(score.bitPattern) at \(createdAt.timeIntervalSince1970) "
      + "blob \(Array(blob.prefix(8))) \(blob.count) tags \(tags) note \(note ?? "nil") map \(map)"
  }

  /// Edge payloads first, then ordinary ones, with a name for each edge.
  package static let edges: [(String, Payload)] = [
    ("empty", Payload(id: 0)),
    (
      "escapes and non-ASCII",
      Payload(
        id: 1, displayName: "é日本👍🏽\u{0}", tags: ["\"q\"", "back\\slash", "a/b", "\n\t\u{1F}"],
        note: "</script>", userInfoMap: ["é": 1, "": 2])
    ),
    (
      "maxima",
      Payload(
        id: .max, score: .greatestFiniteMagnitude, createdAt: 64_092_211_200, blob: [0xFF],
        note: "")
    ),
    ("minima", Payload(id: .min, score: -0.0, createdAt: -62_135_769_600, blob: [0, 0])),
    ("NaN", Payload(id: 4, score: .nan)),
    ("infinity", Payload(id: 5, score: .infinity, createdAt: 0.5)),
    ("-infinity", Payload(id: 6, score: -.infinity)),
    (
      "shortest doubles", Payload(id: 7, score: 0.1, createdAt: 1_709_164_800.001, blob: [1, 2, 3])
    ),
    ("tiny double", Payload(id: 8, score: .leastNonzeroMagnitude, createdAt: 2_147_483_648)),
    (
      "large",
      Payload(
        id: 9, displayName: String(repeating: "x", count: 2_000), score: 1e15,
        blob: (0..<1_000).map { UInt8($0 % 256) }, tags: (0..<200).map { "tag\($0)" },
        userInfoMap: Dictionary(uniqueKeysWithValues: (0..<64).map { ("key\($0)", $0) }))
    ),
  ]

  package static let ordinary: [Payload] = (1...30).map {
    Payload(
      id: $0 * 1_009, displayName: "user \($0)", score: Double($0) * 1.25,
      createdAt: Double($0) * 48_611_003, blob: [UInt8($0)], tags: ["t\($0)"],
      note: $0 % 3 == 0 ? nil : "n\($0)", userInfoMap: ["v": $0])
  }

  /// Every payload, edges first: what the coder subjects' domains index.
  package static let all: [Payload] = edges.map(\.1) + ordinary

  /// A thrown coding error, spelled without anything that varies from run to run.
  static func spell(_ error: any Error) -> String {
    switch error {
    case EncodingError.invalidValue(_, let context):
      "invalidValue at \(context.codingPath.map(\.stringValue))"
    case DecodingError.dataCorrupted(let context):
      "dataCorrupted at \(context.codingPath.map(\.stringValue)): \(context.debugDescription)"
    case DecodingError.keyNotFound(let key, let context):
      "keyNotFound \(key.stringValue) at \(context.codingPath.map(\.stringValue))"
    case DecodingError.typeMismatch(let type, let context):
      "typeMismatch \(type) at \(context.codingPath.map(\.stringValue))"
    case DecodingError.valueNotFound(let type, let context):
      "valueNotFound \(type) at \(context.codingPath.map(\.stringValue))"
    default: "\(type(of: error)) \((error as NSError).domain) \((error as NSError).code)"
    }
  }
}
