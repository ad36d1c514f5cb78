import Foundation
import StressKit

/// A shared `LengthFormatter`, as a server formats distances (`SharedReadOnlySubject`).
package enum LengthFormatterSubject: SharedReadOnly {
  package enum Call: String, CaseIterable {
    case meters = "string(fromMeters:)"
    case kilometers = "string(fromValue:unit: .kilometer)"
    case feet = "string(fromValue:unit: .foot)"
    case unit = "unitString(fromMeters:usedUnit:)"
  }

  package static let id = "lengthformatter"
  package static let summary = "a shared LengthFormatter: meters, kilometers, feet, unit names"
  package static let sendable: Bool? = Sendability.of(LengthFormatter.self)
  package static let leavesOut = "parsing: getObjectValue is internal in Linux's Foundation"
  package static let inputs = InputDomain(
    "meters", edges: Edges.doubles, ordinary: Edges.ordinaryDoubles(12.5))

  package static func make() -> LengthFormatter { LengthFormatter() }

  package static func format(_ formatter: LengthFormatter, _ call: Call, _ value: Double)
    -> String
  {
    switch call {
    case .meters: formatter.string(fromMeters: value)
    case .kilometers: formatter.string(fromValue: value, unit: .kilometer)
    case .feet: formatter.string(fromValue: value, unit: .foot)
    case .unit: formatter.unitString(fromMeters: value, usedUnit: nil)
    }
  }
}
