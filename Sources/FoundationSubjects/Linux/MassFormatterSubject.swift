import Foundation
import StressKit

/// A shared `MassFormatter`, as a server formats weights (`SharedReadOnlySubject`).
package enum MassFormatterSubject: SharedReadOnly {
  package enum Call: String, CaseIterable {
    case kilograms = "string(fromKilograms:)"
    case pounds = "string(fromValue:unit: .pound)"
    case unit = "unitString(fromKilograms:usedUnit:)"
  }

  package static let id = "massformatter"
  package static let summary = "a shared MassFormatter: kilograms, pounds, unit names"
  package static let sendable: Bool? = Sendability.of(MassFormatter.self)
  package static let leavesOut = "parsing: getObjectValue is internal in Linux's Foundation"
  package static let inputs = InputDomain(
    "kilograms", edges: Edges.doubles, ordinary: Edges.ordinaryDoubles(0.75))

  package static func make() -> MassFormatter { MassFormatter() }

  package static func format(_ formatter: MassFormatter, _ call: Call, _ value: Double) -> String {
    switch call {
    case .kilograms: formatter.string(fromKilograms: value)
    case .pounds: formatter.string(fromValue: value, unit: .pound)
    case .unit: formatter.unitString(fromKilograms: value, usedUnit: nil)
    }
  }
}
