import Foundation
import StressKit

/// A shared `ByteCountFormatter`, as a server formats sizes (`SharedReadOnlySubject`): one
/// formatter per count style, since a style is the formatter's own setting.
package enum ByteCountFormatterSubject: SharedReadOnly {
  package enum Call: String, CaseIterable {
    case file = "string(fromByteCount:) (.file)"
    case memory = "string(fromByteCount:) (.memory)"
    case binary = "string(fromByteCount:) (.binary)"
    case decimal = "string(fromByteCount:) (.decimal)"
    case classMethod = "ByteCountFormatter.string(fromByteCount:countStyle:)"
  }

  package static let id = "bytecountformatter"
  package static let summary = "shared ByteCountFormatters, 4 count styles: string(fromByteCount:)"
  package static let sendable: Bool? = Sendability.of(ByteCountFormatter.self)
  package static let leavesOut =
    "string(from:) of a Measurement: absent on Linux; parsing: ByteCountFormatter has "
    + "none; changing a shared formatter's style: read-only use already fails"
  package static let inputs = InputDomain(
    "byte counts", edges: Edges.byteCounts, ordinary: Edges.ordinaryByteCounts)

  package static func make() -> [ByteCountFormatter] {
    [ByteCountFormatter.CountStyle.file, .memory, .binary, .decimal].map { style in
      let formatter = ByteCountFormatter()
      formatter.countStyle = style
      return formatter
    }
  }

  package static func format(_ formatters: [ByteCountFormatter], _ call: Call, _ count: Int64)
    -> String
  {
    switch call {
    case .file: formatters[0].string(fromByteCount: count)
    case .memory: formatters[1].string(fromByteCount: count)
    case .binary: formatters[2].string(fromByteCount: count)
    case .decimal: formatters[3].string(fromByteCount: count)
    case .classMethod: ByteCountFormatter.string(fromByteCount: count, countStyle: .file)
    }
  }
}
