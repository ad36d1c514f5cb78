import Foundation
import StressKit

/// One `EnergyFormatter` shared read-only: each read formats one of 256 energies and must print what the formatter printed for it alone (`SequentialTable`).
package final class EnergyFormatterSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "energyformatter", summary: "a shared EnergyFormatter: string(fromJoules:)",
    documented: .notListed, sendable: Sendability.of(EnergyFormatter.self), traits: [.readOnly])

  private let formatter: EnergyFormatter
  private let table: SequentialTable

  package init(shape: TrialShape) {
    let formatter = EnergyFormatter()

    self.formatter = formatter
    table = SequentialTable { i in formatter.string(fromJoules: Double(i) * 1_000.5) }
  }

  package func read(_ step: Step) -> String? {
    let i = SequentialTable.input(step.random)
    let formatter = self.formatter
    return table.check(i, formatter.string(fromJoules: Double(i) * 1_000.5))
  }

  package func check(writesPerThread: [Int]) -> Violations { Violations() }
}
