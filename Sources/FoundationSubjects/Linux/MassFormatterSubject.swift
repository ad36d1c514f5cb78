import Foundation
import StressKit

/// One `MassFormatter` shared read-only: each read formats one of 256 masses and must print what the formatter printed for it alone (`SequentialTable`).
package final class MassFormatterSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "massformatter", summary: "a shared MassFormatter: string(fromKilograms:)",
    documented: .notListed, sendable: Sendability.of(MassFormatter.self), traits: [.readOnly])

  private let formatter: MassFormatter
  private let table: SequentialTable

  package init(shape: TrialShape) {
    let formatter = MassFormatter()

    self.formatter = formatter
    table = SequentialTable { i in formatter.string(fromKilograms: Double(i) * 0.75) }
  }

  package func read(_ step: Step) -> String? {
    let i = SequentialTable.input(step.random)
    let formatter = self.formatter
    return table.check(i, formatter.string(fromKilograms: Double(i) * 0.75))
  }

  package func check(writesPerThread: [Int]) -> Violations { Violations() }
}
