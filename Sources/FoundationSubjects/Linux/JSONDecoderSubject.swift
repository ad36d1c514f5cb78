import Foundation
import StressKit

/// Shared `JSONDecoder`s, each configured once as a server configures its request decoder and
/// then used by every handler at once, and `JSONSerialization` beside them
/// (`SharedReadOnlySubject`): any JSON into a generic value, typed records with snake-case
/// keys, ISO 8601 dates and base64 data, non-conforming floats from strings, JSON5, and
/// top-level fragments. The texts lead with what parsers special-case: empty, fragments,
/// signed zero, overflowing and 64-bit-edge numbers, escapes and lone surrogates, a byte order
/// mark, duplicate keys, deep nesting, malformed text and JSON5.
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
  }

  package static let id = "jsondecoder"
  package static let summary =
    "shared JSONDecoders (4 configurations), JSONSerialization: edge and malformed JSON"
  package static let sendable: Bool? = Sendability.of(JSONDecoder.self)
  package static let leavesOut =
    "changing a shared decoder's settings while it decodes: rare in applications (a "
    + "decoder is configured once, as here); custom strategies (closures) and userInfo: "
    + "not covered yet; JSONSerialization's writing direction: not covered yet; a JSON5 "
    + "text that ends in its last digit (each is decoded with a newline after it): the "
    + "scanner traps at random on it even on one thread (swift-foundation PR 1625)"
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
    ],
    ordinary: Payload.ordinary.map { String(decoding: try! apiEncoder.encode($0), as: UTF8.self) },
    describe: { $0.count > 40 ? "\($0.count) characters of \($0.prefix(8))" : "'\($0)'" })

  /// The encoder the ordinary texts come from, as a client would send them.
  static var apiEncoder: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    encoder.dateEncodingStrategy = .iso8601
    encoder.keyEncodingStrategy = .convertToSnakeCase
    return encoder
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
    }
  }
}
