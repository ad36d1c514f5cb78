import Foundation
import StressKit

/// Shared `JSONEncoder`s, each configured once as a server configures its response encoder
/// and then used by every request handler at once (`SharedReadOnlySubject`): sorted and
/// pretty output, ISO 8601 and formatted dates (the latter through a DateFormatter the
/// encoder shares), base64 data, snake-case keys, non-conforming floats as strings, custom
/// key, date and data closures with a `userInfo` the record reads, and top-level arrays; and
/// `JSONSerialization.data(withJSONObject:)` writing the same records as dictionaries. The
/// payloads (`Payload`) lead with their edges: empty, escapes and non-ASCII, extremes, NaN and
/// the infinities, and a large one.
package enum JSONEncoderSubject: SharedReadOnly {
  package struct Encoders: @unchecked Sendable {
    let sorted = encoder { $0.outputFormatting = [.sortedKeys] }
    let pretty = encoder {
      $0.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    }
    let api = encoder {
      $0.outputFormatting = [.sortedKeys]
      $0.dateEncodingStrategy = .iso8601
      $0.dataEncodingStrategy = .base64
      $0.keyEncodingStrategy = .convertToSnakeCase
    }
    let floats = encoder {
      $0.outputFormatting = [.sortedKeys]
      $0.nonConformingFloatEncodingStrategy = .convertToString(
        positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
      $0.dateEncodingStrategy = .millisecondsSince1970
    }
    let formatted = encoder {
      $0.outputFormatting = [.sortedKeys]
      let formatter = DateFormatter()
      formatter.locale = Locale(identifier: "en_US_POSIX")
      formatter.timeZone = TimeZone(secondsFromGMT: 0)
      formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss.SSSXXXXX"
      $0.dateEncodingStrategy = .formatted(formatter)
    }
    let custom = encoder {
      $0.outputFormatting = [.sortedKeys]
      $0.keyEncodingStrategy = .custom(JSONEncoderSubject.kebabCase)
      $0.dateEncodingStrategy = .custom(JSONEncoderSubject.isoWithFraction)
      $0.dataEncodingStrategy = .custom(JSONEncoderSubject.hex)
      $0.userInfo[Redacted.key] = true
    }

    static func encoder(_ configure: (JSONEncoder) -> Void) -> JSONEncoder {
      let encoder = JSONEncoder()
      configure(encoder)
      return encoder
    }
  }

  package enum Call: String, CaseIterable {
    case sorted = "encode(_:) (.sortedKeys)"
    case pretty = "encode(_:) ([.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])"
    case api = "encode(_:) (.iso8601 dates, .base64 data, .convertToSnakeCase keys)"
    case floats = "encode(_:) (.convertToString non-conforming floats, .millisecondsSince1970)"
    case formatted = "encode(_:) (.formatted(DateFormatter) dates)"
    case array = "encode(_:) a top-level array of the payload and an ordinary one (.sortedKeys)"
    case custom = "encode(Redacted) (.custom key, date and data closures, userInfo read)"
    case serialization =
      "JSONSerialization.isValidJSONObject, data(withJSONObject: .sortedKeys) of a dictionary"
    case serializationPretty =
      "JSONSerialization.data(withJSONObject: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])"
  }

  package static let id = "jsonencoder"
  package static let summary =
    "shared JSONEncoders in 6 configurations and JSONSerialization: edge payloads and arrays"
  package static let sendable: Bool? = Sendability.of(JSONEncoder.self)
  package static let leavesOut =
    "changing a shared encoder's settings while it encodes: rare in applications (an "
    + "encoder is configured once, as here, and a handler that wants other settings makes "
    + "its own); JSONSerialization's reading: jsondecoder covers it"
  package static let inputs = InputDomain(
    "payloads", edges: Array(Payload.edges.indices),
    ordinary: Array(Payload.edges.count..<Payload.all.count),
    describe: { Payload.edges[$0].0 })

  package static func make() -> Encoders { Encoders() }

  /// A hand-written key strategy: camelCase names into kebab-case.
  @Sendable static func kebabCase(_ path: [any CodingKey]) -> any CodingKey {
    let name = path.last?.stringValue ?? ""
    let kebab = name.unicodeScalars.map {
      CharacterSet.uppercaseLetters.contains($0) ? "-" + String($0).lowercased() : String($0)
    }
    return JSONDecoderSubject.Key(stringValue: kebab.joined())
  }

  /// A hand-written date strategy: ISO 8601 with milliseconds.
  @Sendable static func isoWithFraction(_ date: Date, _ encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(date))
  }

  /// A hand-written data strategy: lowercase hex bytes joined by colons.
  @Sendable static func hex(_ data: Data, _ encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(data.map { String($0, radix: 16) }.joined(separator: ":"))
  }

  /// A record whose encoding reads the encoder's `userInfo`, as a server's public endpoint
  /// hides a record's private fields.
  struct Redacted: Encodable {
    static let key = CodingUserInfoKey(rawValue: "redacts")!
    let payload: Payload

    func encode(to encoder: any Encoder) throws {
      var shown = payload
      if encoder.userInfo[Self.key] as? Bool == true {
        shown.displayName = "-"
        shown.note = nil
      }
      try shown.encode(to: encoder)
    }
  }

  /// The payload as the untyped dictionary `JSONSerialization` writes: dates as seconds, data
  /// as base64, a missing note as null.
  static func object(_ payload: Payload) -> [String: Any] {
    [
      "id": payload.id, "display_name": payload.displayName, "score": payload.score,
      "created_at": payload.createdAt.timeIntervalSince1970,
      "blob": payload.blob.base64EncodedString(), "tags": payload.tags,
      "note": payload.note.map { $0 as Any } ?? NSNull(), "user_info_map": payload.userInfoMap,
    ]
  }

  package static func format(_ e: Encoders, _ call: Call, _ input: Int) -> String {
    let payload = Payload.all[input]
    func run(_ encode: () throws -> Data) -> String {
      do { return String(decoding: try encode(), as: UTF8.self) } catch {
        return "threw \(Payload.spell(error))"
      }
    }
    switch call {
    case .sorted: return run { try e.sorted.encode(payload) }
    case .pretty: return run { try e.pretty.encode(payload) }
    case .api: return run { try e.api.encode(payload) }
    case .floats: return run { try e.floats.encode(payload) }
    case .formatted: return run { try e.formatted.encode(payload) }
    case .array: return run { try e.sorted.encode([payload, Payload.ordinary[input % 30]]) }
    case .custom: return run { try e.custom.encode(Redacted(payload: payload)) }
    case .serialization:
      // An application asks first: writing an invalid object is an error.
      let object = object(payload)
      let valid = JSONSerialization.isValidJSONObject(object) ? "" : "invalid "
      return valid
        + run { try JSONSerialization.data(withJSONObject: object, options: .sortedKeys) }
    case .serializationPretty:
      let array = [object(payload), object(Payload.ordinary[input % 30])]
      return run {
        try JSONSerialization.data(
          withJSONObject: array, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
      }
    }
  }
}
