import Foundation
import StressKit

/// The `.byteCount` format style from every thread, as a server logging sizes uses it
/// (`SharedReadOnlySubject`). It crashed under concurrency, swift-foundation issue 1818, whose
/// trigger is zero ("Zero kB" goes through ICU's break iterator): zero leads its domain.
package enum ByteCountFormatStyleSubject: SharedReadOnly {
  package enum Call: String, CaseIterable {
    case file = "formatted(.byteCount(style: .file))"
    case memory = "formatted(.byteCount(style: .memory))"
    case decimal = "formatted(.byteCount(style: .decimal))"
    case binary = "formatted(.byteCount(style: .binary))"
    case actual = "formatted(.byteCount(style: .file, includesActualByteCount: true))"
    case units = "formatted(.byteCount(style: .memory, allowedUnits: [.kb, .mb]))"
    case digits = "formatted(.byteCount(style: .file, spellsOutZero: false))"
    case shared = "a shared ByteCountFormatStyle(style: .file).format(_:)"
    case german = "formatted(.byteCount(style: .file).locale(de_DE))"
  }

  package static let id = "bytecount-formatstyle"
  package static let summary =
    "Int64.formatted(.byteCount(...)) from every thread, in 4 styles and 3 options"
  package static let sendable: Bool? = Sendability.of(ByteCountFormatStyle.self)
  package static let leavesOut =
    "parsing: the style has no parse strategy; locales beyond the process's and de_DE: "
    + "they take the same ICU path with other data"
  package static let inputs = InputDomain(
    "byte counts", edges: Edges.byteCounts, ordinary: Edges.ordinaryByteCounts)

  package static func make() -> ByteCountFormatStyle { ByteCountFormatStyle(style: .file) }

  package static func format(_ style: ByteCountFormatStyle, _ call: Call, _ count: Int64)
    -> String
  {
    switch call {
    case .file: count.formatted(.byteCount(style: .file))
    case .memory: count.formatted(.byteCount(style: .memory))
    case .decimal: count.formatted(.byteCount(style: .decimal))
    case .binary: count.formatted(.byteCount(style: .binary))
    case .actual: count.formatted(.byteCount(style: .file, includesActualByteCount: true))
    case .units: count.formatted(.byteCount(style: .memory, allowedUnits: [.kb, .mb]))
    case .german: count.formatted(.byteCount(style: .file).locale(Locale(identifier: "de_DE")))
    case .digits: count.formatted(.byteCount(style: .file, spellsOutZero: false))
    case .shared: style.format(count)
    }
  }
}
