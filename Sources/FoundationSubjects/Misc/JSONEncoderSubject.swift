import Foundation
import StressKit

/// Shared `JSONEncoder`s, each configured once as a server configures its response encoder
/// and then used by every request handler at once (`SharedReadOnlySubject`): sorted and
/// pretty output, ISO 8601 and formatted dates (the latter through a DateFormatter the
/// encoder shares), base64 data, snake-case keys, non-conforming floats as strings, and
/// top-level arrays. The payloads (`Payload`) lead with their edges: empty, escapes and
/// non-ASCII, extremes, NaN and the infinities, and a large one.
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
  }

  package static let id = "jsonencoder"
  package static let summary =
    "shared JSONEncoders in 5 configurations: encode(_:) of edge payloads and arrays"
  package static let sendable: Bool? = Sendability.of(JSONEncoder.self)
  package static let leavesOut =
    "changing a shared encoder's settings while it encodes: not covered yet; custom "
    + "date and key strategies (closures): not covered yet; userInfo: not covered yet; "
    + "JSONSerialization's reading: jsondecoder covers it; JSONSerialization's writing "
    + "(data(withJSONObject:)): not covered yet"
  package static let inputs = InputDomain(
    "payloads", edges: Array(Payload.edges.indices),
    ordinary: Array(Payload.edges.count..<Payload.all.count),
    describe: { Payload.edges[$0].0 })

  package static func make() -> Encoders { Encoders() }

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
    }
  }
}
