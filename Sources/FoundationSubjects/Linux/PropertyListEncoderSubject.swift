import Foundation
import StressKit

/// A shared `PropertyListEncoder` per output format and a shared `PropertyListDecoder`, each
/// configured once as an application configures its settings store, and
/// `PropertyListSerialization` beside them (`SharedReadOnlySubject`): binary and XML output,
/// decoding both back, reading XML as untyped values, and writing the payloads as untyped
/// dictionaries in XML and binary and reading them back. The payloads (`Payload`) lead with
/// their edges: empty, escapes and non-ASCII, extremes, NaN and the infinities, a large one.
package enum PropertyListEncoderSubject: SharedReadOnly {
  package struct Coders: @unchecked Sendable {
    let binary = encoder(.binary)
    let xml = encoder(.xml)
    let decoder = PropertyListDecoder()

    static func encoder(_ format: PropertyListSerialization.PropertyListFormat)
      -> PropertyListEncoder
    {
      let encoder = PropertyListEncoder()
      encoder.outputFormat = format
      return encoder
    }
  }

  package enum Call: String, CaseIterable {
    case binary = "encode(_:) (.binary output), bytes checksummed"
    case xml = "encode(_:) (.xml output)"
    case decodeBinary = "PropertyListDecoder.decode(_:from:) of binary"
    case decodeXML = "PropertyListDecoder.decode(_:from:) of XML, format reported"
    case serialization = "PropertyListSerialization.propertyList(from:options:format:) of XML"
    case writeXML = "PropertyListSerialization.data(fromPropertyList:format: .xml), read back"
    case writeBinary =
      "PropertyListSerialization.data(fromPropertyList:format: .binary), size and read back"
  }

  package static let id = "propertylistencoder"
  package static let summary =
    "shared PropertyListEncoders (binary, XML), a PropertyListDecoder, PropertyListSerialization"
  package static let sendable: Bool? = Sendability.of(PropertyListEncoder.self)
  package static let leavesOut =
    "changing outputFormat while shared: rare in applications (an encoder is "
    + "configured once, as here); userInfo: rare in applications; OpenStep input: rare "
    + "in applications (a legacy format)"
  package static let inputs = InputDomain(
    "payloads", edges: Array(Payload.edges.indices),
    ordinary: Array(Payload.edges.count..<Payload.all.count),
    describe: { Payload.edges[$0].0 })

  package static func make() -> Coders { Coders() }

  /// The payload as the untyped dictionary an application hands `PropertyListSerialization`
  /// (a property list has no null, so a missing note is left out).
  static func object(_ payload: Payload) -> [String: Any] {
    var object: [String: Any] = [
      "id": payload.id, "displayName": payload.displayName, "score": payload.score,
      "createdAt": payload.createdAt, "blob": payload.blob, "tags": payload.tags,
      "userInfoMap": payload.userInfoMap,
    ]
    object["note"] = payload.note
    return object
  }

  /// `payload` written in `format`, then read back with the format it reports. XML is spelled
  /// whole (its writer sorts keys); binary by its size alone, since its bytes follow the
  /// dictionary's hash order, which differs between instances, and its size does not.
  static func written(
    _ payload: Payload, _ format: PropertyListSerialization.PropertyListFormat
  ) throws -> String {
    let data = try PropertyListSerialization.data(
      fromPropertyList: object(payload), format: format, options: 0)
    var read = PropertyListSerialization.PropertyListFormat.openStep
    let back = try PropertyListSerialization.propertyList(from: data, options: [], format: &read)
    let spelled = format == .xml ? String(decoding: data, as: UTF8.self) : "\(data.count) bytes"
    return "\(spelled) \(read.rawValue) \(JSONDecoderSubject.canonical(back))"
  }

  package static func format(_ c: Coders, _ call: Call, _ input: Int) -> String {
    let payload = Payload.all[input]
    func run(_ make: () throws -> String) -> String {
      do { return try make() } catch { return "threw \(Payload.spell(error))" }
    }
    // The encodings the decoding calls read come from fresh encoders, not the shared ones.
    func fresh(_ format: PropertyListSerialization.PropertyListFormat) throws -> Data {
      try Coders.encoder(format).encode(payload)
    }
    switch call {
    case .binary:
      return run {
        let data = try c.binary.encode(payload)
        return "\(data.count) \(data.reduce(0) { $0 &* 31 &+ Int($1) })"
      }
    case .xml: return run { String(decoding: try c.xml.encode(payload), as: UTF8.self) }
    case .decodeBinary: return run { "\(try c.decoder.decode(Payload.self, from: fresh(.binary)))" }
    case .decodeXML:
      return run {
        var format = PropertyListSerialization.PropertyListFormat.binary
        let back = try c.decoder.decode(Payload.self, from: fresh(.xml), format: &format)
        return "\(back) \(format.rawValue)"
      }
    case .serialization:
      return run {
        let object = try PropertyListSerialization.propertyList(
          from: fresh(.xml), options: [], format: nil)
        return JSONDecoderSubject.canonical(object)
      }
    case .writeXML: return run { try written(payload, .xml) }
    case .writeBinary: return run { try written(payload, .binary) }
    }
  }
}
