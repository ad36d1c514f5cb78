import Foundation
import StressKit

/// A shared `PropertyListEncoder` per output format and a shared `PropertyListDecoder`, each
/// configured once as an application configures its settings store, and
/// `PropertyListSerialization` beside them (`SharedReadOnlySubject`): binary and XML output,
/// decoding both back, and reading XML as untyped values. The payloads (`Payload`) lead with
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
  }

  package static let id = "propertylistencoder"
  package static let summary =
    "shared PropertyListEncoders (binary, XML) and a PropertyListDecoder: encode, decode back"
  package static let sendable: Bool? = Sendability.of(PropertyListEncoder.self)
  package static let leavesOut =
    "changing outputFormat while shared: rare in applications (an encoder is "
    + "configured once, as here); userInfo: rare in applications; OpenStep input: rare "
    + "in applications (a legacy format); writing through PropertyListSerialization: "
    + "not covered yet"
  package static let inputs = InputDomain(
    "payloads", edges: Array(Payload.edges.indices),
    ordinary: Array(Payload.edges.count..<Payload.all.count),
    describe: { Payload.edges[$0].0 })

  package static func make() -> Coders { Coders() }

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
    }
  }
}
