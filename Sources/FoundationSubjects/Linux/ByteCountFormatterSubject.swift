import Foundation
import StressKit

/// One `ByteCountFormatter` shared read-only, as a server formats sizes: each read formats one of 256 byte counts and must print what the formatter printed for it alone (`SequentialTable`).
package final class ByteCountFormatterSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "bytecountformatter",
    summary: "a shared ByteCountFormatter (file style): string(fromByteCount:)",
    documented: .notListed, sendable: Sendability.of(ByteCountFormatter.self), traits: [.readOnly])

  private let formatter: ByteCountFormatter
  private let table: SequentialTable

  package init(shape: TrialShape) {
    let formatter = ByteCountFormatter()
    formatter.countStyle = .file
    self.formatter = formatter
    table = SequentialTable { i in formatter.string(fromByteCount: Int64(i) * 987_654_321 / 7) }
  }

  package func read(_ step: Step) -> String? {
    let i = SequentialTable.input(step.random)
    let formatter = self.formatter
    return table.check(i, formatter.string(fromByteCount: Int64(i) * 987_654_321 / 7))
  }

  package func check(writesPerThread: [Int]) -> Violations { Violations() }
}
