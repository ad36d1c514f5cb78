import Foundation
import StressKit

/// A shared `EnergyFormatter`, as a server formats energies (`SharedReadOnlySubject`).
package enum EnergyFormatterSubject: SharedReadOnly {
  package enum Call: String, CaseIterable {
    case joules = "string(fromJoules:)"
    case kilocalories = "string(fromValue:unit: .kilocalorie)"
    case unit = "unitString(fromJoules:usedUnit:)"
  }

  package static let id = "energyformatter"
  package static let summary = "a shared EnergyFormatter: joules, kilocalories, unit names"
  package static let sendable: Bool? = Sendability.of(EnergyFormatter.self)
  package static let leavesOut = "parsing: getObjectValue is internal in Linux's Foundation"
  package static let inputs = InputDomain(
    "joules", edges: Edges.doubles, ordinary: Edges.ordinaryDoubles(1_000.5))

  package static func make() -> EnergyFormatter { EnergyFormatter() }

  package static func format(_ formatter: EnergyFormatter, _ call: Call, _ value: Double)
    -> String
  {
    switch call {
    case .joules: formatter.string(fromJoules: value)
    case .kilocalories: formatter.string(fromValue: value, unit: .kilocalorie)
    case .unit: formatter.unitString(fromJoules: value, usedUnit: nil)
    }
  }
}
