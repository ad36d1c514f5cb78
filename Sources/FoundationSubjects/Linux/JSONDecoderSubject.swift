import Foundation
import StressKit

/// Shared `JSONDecoder`s, each configured once as a server configures its request decoder and
/// then used by every handler at once, and `JSONSerialization` beside them
/// (`SharedReadOnlySubject`): any JSON into a generic value, typed records with snake-case
/// keys and dates as ISO 8601, seconds since 1970 or through a shared `DateFormatter`, base64
/// data, non-conforming floats from strings, custom key and date closures with a `userInfo`
/// the record reads, JSON5, top-level fragments, and `JSONSerialization` reading and writing
/// back. The texts lead with what parsers special-case: empty, fragments, signed zero,
/// overflowing and 64-bit-edge numbers, escapes and lone surrogates, a byte order mark,
/// duplicate keys, deep nesting, malformed text, JSON5, and fractional and offset dates.
package enum JSONDecoderSubject: SharedReadOnly {
  package struct Decoders: @unchecked Sendable {
    let plain = JSONDecoder()
    let api = decoder {
      $0.keyDecodingStrategy = .convertFromSnakeCase
      $0.dateDecodingStrategy = .iso8601
      $0.dataDecodingStrategy = .base64
    }
    let floats = decoder {
      $0.nonConformingFloatDecodingStrategy = .convertFromString(
        positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
      $0.dateDecodingStrategy = .millisecondsSince1970
    }
    let json5 = decoder { $0.allowsJSON5 = true }
    let seconds = decoder {
      $0.keyDecodingStrategy = .convertFromSnakeCase
      $0.dateDecodingStrategy = .secondsSince1970
    }
    let formatted = decoder {
      $0.keyDecodingStrategy = .convertFromSnakeCase
      $0.dateDecodingStrategy = .formatted(JSONDecoderSubject.dateFormatter())
    }
    let custom = decoder {
      $0.keyDecodingStrategy = .custom(JSONDecoderSubject.camelCase)
      $0.dateDecodingStrategy = .custom(JSONDecoderSubject.anyDate)
      $0.userInfo[Versioned.key] = 2
    }

    static func decoder(_ configure: (JSONDecoder) -> Void) -> JSONDecoder {
      let decoder = JSONDecoder()
      configure(decoder)
      return decoder
    }
  }

  /// Any JSON value, spelled with sorted keys.
  indirect enum Value: Decodable, CustomStringConvertible {
    case null, bool(Bool), int(Int64), double(Double), string(String), array([Value])
    case object([String: Value])

    init(from decoder: any Decoder) throws {
      let c = try decoder.singleValueContainer()
      if c.decodeNil() {
        self = .null
      } else if let b = try? c.decode(Bool.self) {
        self = .bool(b)
      } else if let i = try? c.decode(Int64.self) {
        self = .int(i)
      } else if let d = try? c.decode(Double.self) {
        self = .double(d)
      } else if let s = try? c.decode(String.self) {
        self = .string(s)
      } else if let a = try? c.decode([Value].self) {
        self = .array(a)
      } else {
        self = .object(try c.decode([String: Value].self))
      }
    }

    var description: String {
      switch self {
      case .null: "null"
      case .bool(let b): "\(b)"
      case .int(let i): "i\(i)"
      case .double(let d): "d\(d.bitPattern)"
      case .string(let s): "\"\(s.unicodeScalars.map(\.value))\""
      case .array(let a): "[\(a.map(\.description).joined(separator: ","))]"
      case .object(let o):
        "{\(o.keys.sorted().map { "\($0):\(o[$0]!)" }.joined(separator: ","))}"
      }
    }
  }

  package enum Call: String, CaseIterable {
    case value = "decode(_:from:) any JSON value"
    case api = "decode(Payload.self, from:) (.convertFromSnakeCase, .iso8601, .base64)"
    case floats = "decode(Payload.self, from:) (.convertFromString floats, .millisecondsSince1970)"
    case json5 = "decode(_:from:) any JSON value (allowsJSON5)"
    case fragment = "decode(Int64.self, from:), decode(String.self, from:) (top-level fragments)"
    case serialization = "JSONSerialization.jsonObject(with: options: .fragmentsAllowed)"
    case seconds = "decode(Payload.self, from:) (.convertFromSnakeCase, .secondsSince1970)"
    case formatted =
      "decode(Payload.self, from:) (.convertFromSnakeCase, .formatted(DateFormatter))"
    case custom = "decode(Versioned.self, from:) (.custom key and date closures, userInfo read)"
    case rewrite = "JSONSerialization.jsonObject, then data(withJSONObject: .sortedKeys) back"
  }

  package static let id = "jsondecoder"
  package static let summary =
    "shared JSONDecoders (7 configurations), JSONSerialization both ways: edge and malformed JSON"
  package static let sendable: Bool? = Sendability.of(JSONDecoder.self)
  package static let leavesOut =
    "changing a shared decoder's settings while it decodes: rare in applications (a "
    + "decoder is configured once, as here); a JSON5 text that ends in its last digit (each "
    + "is decoded with a newline after it): the scanner traps at random on it even on one "
    + "thread (swift-foundation PR 1625)"
  static let nested = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
  package static let inputs = InputDomain(
    "JSON texts",
    edges: [
      "", " ", "null", "0", "-0", "1e308", "1e309", "-9223372036854775808",
      "18446744073709551616", "0.1", "\"\\u00e9\\ud83d\\ude00\"", "\"\\ud800\"", "{}", "[]",
      "{\"a\":1,}", "[1,2", nested, "\u{FEFF}{\"a\":1}", "{\"id\":1,\"id\":2}",
      "{a: 'x', b: 0x1F, c: +Infinity, /* c */ d: [1,],}",
      "{\"id\":1,\"display_name\":\"é\",\"score\":\"nan\",\"created_at\":\"1970-01-01T00:00:00Z\","
        + "\"blob\":\"/w==\",\"tags\":[],\"user_info_map\":{}}",
      "\"" + String(repeating: "ab\\n", count: 1_000) + "\"",
      record(createdAt: "1709164800.5"), record(createdAt: "\"2024-02-29T23:59:59.999+05:30\""),
    ],
    // A client's records with ISO 8601 dates, each followed by one with seconds since 1970.
    ordinary: Payload.ordinary.flatMap { payload in
      [apiEncoder, secondsEncoder].map { String(decoding: try! $0.encode(payload), as: UTF8.self) }
    },
    describe: { $0.count > 40 ? "\($0.count) characters of \($0.prefix(8))" : "'\($0)'" })

  /// The encoder the ordinary texts come from, as a client would send them.
  static var apiEncoder: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    encoder.dateEncodingStrategy = .iso8601
    encoder.keyEncodingStrategy = .convertToSnakeCase
    return encoder
  }

  /// An encoder that sends dates as seconds since 1970, as many clients do.
  static var secondsEncoder: JSONEncoder {
    let encoder = apiEncoder
    encoder.dateEncodingStrategy = .secondsSince1970
    return encoder
  }

  /// A record in snake case whose date is `createdAt`, spelled as the text spells it.
  static func record(createdAt: String) -> String {
    "{\"id\":2,\"display_name\":\"\",\"score\":0.5,\"created_at\":\(createdAt),\"blob\":\"\","
      + "\"tags\":[\"a\"],\"user_info_map\":{\"k\":1}}"
  }

  /// The date formatter of the `.formatted` decoder, which all its decodes share.
  static func dateFormatter() -> DateFormatter {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(secondsFromGMT: 0)
    formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ssXXXXX"
    return formatter
  }

  /// The key a custom key strategy answers with.
  struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  /// A hand-written key strategy: snake_case and kebab-case names into camelCase.
  @Sendable static func camelCase(_ path: [any CodingKey]) -> any CodingKey {
    let words = (path.last?.stringValue ?? "").split { $0 == "_" || $0 == "-" }
    let rest = words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }
    return Key(stringValue: (words.first.map(String.init) ?? "") + rest.joined())
  }

  /// A hand-written date strategy that takes what clients send: seconds since 1970, or
  /// ISO 8601 with or without fractional seconds.
  @Sendable static func anyDate(_ decoder: any Decoder) throws -> Date {
    let container = try decoder.singleValueContainer()
    if let seconds = try? container.decode(Double.self) {
      return Date(timeIntervalSince1970: seconds)
    }
    let text = try container.decode(String.self)
    guard
      let date =
        (try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
        ?? (try? Date(text, strategy: Date.ISO8601FormatStyle()))
    else {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: "no date: \(text)")
    }
    return date
  }

  /// A record whose decoding reads the decoder's `userInfo`, as a server hands its models the
  /// API version a request asked for.
  struct Versioned: Decodable, CustomStringConvertible {
    static let key = CodingUserInfoKey(rawValue: "apiVersion")!
    let version: Int
    let payload: Payload

    init(from decoder: any Decoder) throws {
      guard let version = decoder.userInfo[Self.key] as? Int else {
        throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "no version"))
      }
      self.version = version
      payload = try Payload(from: decoder)
    }

    var description: String { "v\(version) \(payload)" }
  }

  package static func make() -> Decoders { Decoders() }

  static func canonical(_ object: Any) -> String {
    switch object {
    case is NSNull: return "null"
    case let s as String: return "\"\(s.unicodeScalars.map(\.value))\""
    case let a as [Any]: return "[\(a.map(canonical).joined(separator: ","))]"
    case let o as [String: Any]:
      return "{\(o.keys.sorted().map { "\($0):\(canonical(o[$0]!))" }.joined(separator: ","))}"
    default: return "\(object)"
    }
  }

  package static func format(_ d: Decoders, _ call: Call, _ text: String) -> String {
    let data = Data(text.utf8)
    func run(_ decode: () throws -> String) -> String {
      do { return try decode() } catch { return "threw \(Payload.spell(error))" }
    }
    switch call {
    case .value: return run { "\(try d.plain.decode(Value.self, from: data))" }
    case .api: return run { "\(try d.api.decode(Payload.self, from: data))" }
    case .floats: return run { "\(try d.floats.decode(Payload.self, from: data))" }
    case .json5:
      // JSON5's scanner reads past a top-level number that ends the buffer and traps at random,
      // with no race (about 1 process in 20 here; swift-foundation PR 1625, after 6.3.1). A
      // newline after the text, as a file ends, keeps this subject's crashes to races.
      let terminated = Data((text + "\n").utf8)
      return run { "\(try d.json5.decode(Value.self, from: terminated))" }
    case .fragment:
      let int = run { "\(try d.plain.decode(Int64.self, from: data))" }
      return int + " " + run { "\(try d.plain.decode(String.self, from: data).count)" }
    case .serialization:
      return run {
        canonical(try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed))
      }
    case .seconds: return run { "\(try d.seconds.decode(Payload.self, from: data))" }
    case .formatted: return run { "\(try d.formatted.decode(Payload.self, from: data))" }
    case .custom: return run { "\(try d.custom.decode(Versioned.self, from: data))" }
    case .rewrite:
      // A server that edits untyped JSON reads it and writes it back, keys sorted.
      return run {
        let object = try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)
        let back = try JSONSerialization.data(
          withJSONObject: object, options: [.sortedKeys, .fragmentsAllowed])
        return String(decoding: back, as: UTF8.self)
      }
    }
  }
}
