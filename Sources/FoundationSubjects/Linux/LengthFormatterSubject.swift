import Foundation
import StressKit

/// One `LengthFormatter` shared read-only: each read formats one of 256 lengths and must print what the formatter printed for it alone (`SequentialTable`).
package final class LengthFormatterSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "lengthformatter", summary: "a shared LengthFormatter: string(fromMeters:)",
    documented: .notListed, sendable: Sendability.of(LengthFormatter.self), traits: [.readOnly])

  private let formatter: LengthFormatter
  private let table: SequentialTable

  package init(shape: TrialShape) {
    let formatter = LengthFormatter()

    self.formatter = formatter
    table = SequentialTable { i in formatter.string(fromMeters: Double(i) * 12.5) }
  }

  package func read(_ step: Step) -> String? {
    let i = SequentialTable.input(step.random)
    let formatter = self.formatter
    return table.check(i, formatter.string(fromMeters: Double(i) * 12.5))
  }

  package func check(writesPerThread: [Int]) -> Violations { Violations() }
}
