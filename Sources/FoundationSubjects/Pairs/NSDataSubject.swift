import Foundation
import StressKit

/// Immutable `NSData` buffers shared read-only, read as a server reads a cached body: copied
/// out, sliced, searched, hashed, compared, base64-encoded and enumerated
/// (`SharedReadOnlySubject`). The buffers are the sizes such code special-cases: empty, one
/// byte, each base64 padding length, either side of Data's inline size, all 0xFF, and 16 KiB.
package enum NSDataSubject: SharedReadOnly {
  package enum Call: String, CaseIterable {
    case getBytes = "length, getBytes(_:range:) (up to 8 from the middle)"
    case subdata = "subdata(with:) (the second half)"
    case range = "range(of: [0xFF, 0x00], options: [], in:)"
    case rangeBackwards = "range(of: [0x41], options: .backwards, in:)"
    case base64 = "base64EncodedString()"
    case base64Lines = "base64EncodedString(options: .lineLength64Characters), decoded back"
    case equal = "isEqual(to:) a copy, hash"
    case enumerate = "enumerateBytes(_:) (a checksum)"
    case bytes = "bytes (a checksum through the pointer)"
    case bridged = "bridged to Data: count, first, last, description"
    case file = "write(toFile:atomically: true) to a file of its own, NSData(contentsOfFile:)"
  }

  package static let id = "nsdata"
  package static let summary =
    "immutable NSData buffers, shared read-only: copy out, slice, search, base64, hash"
  package static let documented = DocumentedSafety.safe
  package static let sendable: Bool? = Sendability.of(NSData.self)
  package static let leavesOut =
    "reading other URLs: on Linux "
    + "it is a URLSession data task, which urlsession covers; compression: absent on "
    + "Linux; NSMutableData: nsmutabledata covers it"
  package static let inputs = InputDomain(
    "buffers (bytes)",
    edges: [0, 1, 2, 3, 4, 14, 15, 255, 256, 16_384, -4],
    ordinary: (1...40).map { $0 * 97 },
    describe: { $0 < 0 ? "\(-$0) of 0xFF" : "\($0)" })

  static func bytes(_ size: Int) -> [UInt8] {
    size < 0
      ? [UInt8](repeating: 0xFF, count: -size)
      : (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
  }

  /// One `NSData` per input, made afresh for each trial.
  package static func make() -> [Int: NSData] {
    Dictionary(uniqueKeysWithValues: inputs.values.map { ($0, NSData(data: Data(bytes($0)))) })
  }

  package static func format(_ buffers: [Int: NSData], _ call: Call, _ size: Int) -> String {
    guard let data = buffers[size] else { return "no buffer" }
    let whole = NSRange(location: 0, length: data.length)
    func at(_ range: NSRange) -> String { range.location == NSNotFound ? "none" : "\(range)" }
    switch call {
    case .getBytes:
      let start = data.length / 2
      var out = [UInt8](repeating: 0, count: 8)
      let count = min(8, data.length - start)
      data.getBytes(&out, range: NSRange(location: start, length: count))
      return "\(data.length) \(out.prefix(count))"
    case .subdata:
      let half = data.length / 2
      let part = data.subdata(with: NSRange(location: half, length: data.length - half))
      return "\(part.count) \(part.reduce(0) { $0 &* 31 &+ Int($1) })"
    case .range: return at(data.range(of: Data([0xFF, 0x00]), options: [], in: whole))
    case .rangeBackwards: return at(data.range(of: Data([0x41]), options: .backwards, in: whole))
    case .base64:
      let text = data.base64EncodedString()
      return text.count > 64 ? "\(text.count) \(text.suffix(16))" : text
    case .base64Lines:
      let text = data.base64EncodedString(options: .lineLength64Characters)
      let back = Data(base64Encoded: text, options: .ignoreUnknownCharacters)
      return "\(text.count) \(back == data as Data)"
    case .equal:
      let copy = NSData(data: Data(bytes(size)))
      return "\(data.isEqual(to: copy as Data)) \(data.hash == copy.hash)"
    case .enumerate:
      var sum = 0
      data.enumerateBytes { pointer, range, _ in
        let bytes = UnsafeRawBufferPointer(start: pointer, count: range.length)
        sum = bytes.reduce(sum &+ range.location) { $0 &* 31 &+ Int($1) }
      }
      return "\(sum)"
    case .bytes:
      let pointer = data.bytes.assumingMemoryBound(to: UInt8.self)
      return "\((0..<data.length).reduce(0) { $0 &* 31 &+ Int(pointer[$1]) })"
    case .bridged:
      let bridged = data as Data
      return "\(bridged.count) \(bridged.first ?? 0) \(bridged.last ?? 0) \(bridged.description)"
    case .file: return roundTrip(data)
    }
  }

  /// The buffer written to a file of this call's own and read back: whether it came back whole.
  static func roundTrip(_ data: NSData) -> String {
    let path = (NSTemporaryDirectory() as NSString).appendingPathComponent(
      "stress.nsdata.\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(atPath: path) }
    guard data.write(toFile: path, atomically: true) else { return "write failed" }
    let back = NSData(contentsOfFile: path)
    return "\(back?.length ?? -1) \(back == data)"
  }
}
