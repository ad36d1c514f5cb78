/// What is wrong inside a suite file, worded here and nowhere else (`PlanError.invalidSuite`
/// names the file).
package enum SuiteProblem: Equatable, Sendable, CustomStringConvertible {
  case notAnObject
  /// A key no suite has, with a hint at the nearest one (or "").
  case unknownKey(String, hint: String)
  case descriptionNotAString
  case noSubjects
  case threadsNotAList
  case threadCount(max: Int)
  case readRatio
  case readRatioAndRatios
  case readRatiosNotAList
  case readRatiosEntry
  case budgetsNotAnObject
  case unknownMode(String, hint: String)
  /// `key` (`subjects`, `wrappers`) is not a list of ids, or holds an empty one.
  case idsNotAList(key: String)
  case idNotAString(key: String)
  /// A mode's budget, `key` as `budgets.quick`.
  case budgetNotAnObject(key: String)
  case unknownBudgetKey(String, in: String, hint: String)
  case budgetValue(key: String, field: String, expected: String)
  case opsAndSeconds(key: String)
  case capBesideSeconds(key: String)

  package var description: String {
    switch self {
    case .notAnObject: "expected a JSON object at the top"
    case .unknownKey(let key, let hint): "unknown key '\(key)'.\(hint)"
    case .descriptionNotAString: "'description' must be a string"
    case .noSubjects: "'subjects' is required"
    case .threadsNotAList: "'threads' must be a non-empty array of thread counts"
    case .threadCount(let max): "'threads' entries must be whole numbers from 1 to \(max)"
    case .readRatio: "'read_ratio' must be a number from 0 to 1"
    case .readRatioAndRatios: "give 'read_ratio' or 'read_ratios', not both"
    case .readRatiosNotAList: "'read_ratios' must be a non-empty list of numbers from 0 to 1"
    case .readRatiosEntry: "'read_ratios' entries must be numbers from 0 to 1"
    case .budgetsNotAnObject: "'budgets' must be an object"
    case .unknownMode(let mode, let hint): "unknown mode '\(mode)' in 'budgets'.\(hint)"
    case .idsNotAList(let key): "'\(key)' must be a non-empty array of ids"
    case .idNotAString(let key): "'\(key)' entries must be non-empty strings"
    case .budgetNotAnObject(let key): "'\(key)' must be an object"
    case .unknownBudgetKey(let field, let key, let hint):
      "unknown key '\(field)' in '\(key)'.\(hint)"
    case .budgetValue(let key, let field, let expected):
      "invalid value for '\(key).\(field)': expected \(expected)"
    case .opsAndSeconds(let key): "'\(key)' sets both 'ops' and 'seconds'; use one"
    case .capBesideSeconds(let key):
      "'\(key)' sets a 'cap', which goes with 'ops', beside 'seconds'"
    }
  }
}
