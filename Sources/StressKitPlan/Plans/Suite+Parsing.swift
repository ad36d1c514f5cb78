import Foundation
import StressKitCore
import StressPlatform

// MARK: - Reading a suite file

extension Suite {
  /// Reads and validates a suite file. Ids are checked against a catalog later, by `Plan`.
  package static func load(path: String) throws(PlanError) -> Suite {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
      isDirectory.boolValue
    {
      throw .suiteNotAFile(path: path, kind: "a directory")
    }
    if Platform.isSpecialFile(path) {
      throw .suiteNotAFile(path: path, kind: "a device or a pipe")
    }
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw .suiteUnreadable(path: path, reason: Self.reason(error))
    }
    let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
    var suite = try parse(data, name: name, source: path)
    suite.path = path
    return suite
  }

  /// Parses suite JSON; `source` names the file in error messages.
  package static func parse(_ data: Data, name: String, source: String) throws(PlanError) -> Suite {
    let root: JSONValue
    do {
      root = try JSONDecoder().decode(JSONValue.self, from: data)
    } catch {
      throw .suiteNotJSON(path: source, location: Self.whereInvalid(data))
    }
    func fail(_ problem: SuiteProblem) -> PlanError {
      .invalidSuite(path: source, problem: problem)
    }
    guard case .object(let object) = root else { throw fail(.notAnObject) }
    let known = [
      "description", "subjects", "wrappers", "threads", "read_ratio", "read_ratios", "budgets",
    ]
    if let unknown = object.keys.sorted().first(where: { !known.contains($0) }) {
      throw fail(.unknownKey(unknown, hint: Suggestion.hint(for: unknown, in: known)))
    }

    var suite = Suite(name: name, subjects: [])
    if let value = object["description"] {
      guard case .string(let text) = value else { throw fail(.descriptionNotAString) }
      suite.description = text
    }
    guard let subjects = object["subjects"] else { throw fail(.noSubjects) }
    suite.subjects = try strings(subjects, key: "subjects", fail)
    if let value = object["wrappers"] { suite.wrappers = try strings(value, key: "wrappers", fail) }
    if let value = object["threads"] {
      guard case .array(let items) = value, !items.isEmpty else {
        throw fail(.threadsNotAList)
      }
      suite.threads = try items.map { item throws(PlanError) in
        guard let n = item.integer, (1...maxThreads).contains(n) else {
          throw fail(.threadCount(max: maxThreads))
        }
        return n
      }
    }
    if let value = object["read_ratio"] {
      guard case .number(let ratio) = value, (0...1).contains(ratio) else {
        throw fail(.readRatio)
      }
      suite.readRatios = [ratio]
    }
    if let value = object["read_ratios"] {
      guard suite.readRatios == nil else {
        throw fail(.readRatioAndRatios)
      }
      guard case .array(let items) = value, !items.isEmpty else {
        throw fail(.readRatiosNotAList)
      }
      suite.readRatios = try items.map { item throws(PlanError) in
        guard case .number(let ratio) = item, (0...1).contains(ratio) else {
          throw fail(.readRatiosEntry)
        }
        return ratio
      }
    }
    if let value = object["budgets"] {
      guard case .object(let modes) = value else { throw fail(.budgetsNotAnObject) }
      for (key, entry) in modes.sorted(by: { $0.key < $1.key }) {
        guard let mode = Mode(rawValue: key) else {
          let names = Mode.allCases.map(\.rawValue)
          throw fail(.unknownMode(key, hint: Suggestion.hint(for: key, in: names)))
        }
        suite.budgets[mode] = try budget(entry, key: "budgets.\(key)", fail)
      }
    }
    return suite
  }

  private static func strings(
    _ value: JSONValue, key: String, _ fail: (SuiteProblem) -> PlanError
  ) throws(PlanError) -> [String] {
    guard case .array(let items) = value, !items.isEmpty else {
      throw fail(.idsNotAList(key: key))
    }
    return try items.map { item throws(PlanError) in
      guard case .string(let id) = item, !id.isEmpty else {
        throw fail(.idNotAString(key: key))
      }
      return id
    }
  }

  private static func budget(
    _ value: JSONValue, key: String, _ fail: (SuiteProblem) -> PlanError
  ) throws(PlanError) -> Budget {
    guard case .object(let fields) = value else { throw fail(.budgetNotAnObject(key: key)) }
    let known = Budget.Field.allCases.map(\.rawValue)
    if let unknown = fields.keys.sorted().first(where: { !known.contains($0) }) {
      throw fail(
        .unknownBudgetKey(unknown, in: key, hint: Suggestion.hint(for: unknown, in: known)))
    }
    var budget = Budget()
    for field in Budget.Field.allCases {
      guard let v = fields[field.rawValue] else { continue }
      // A time budget may be written as a duration: "20m".
      var number = v
      if field == .timeBudget, case .string(let text) = v, let x = Budget.duration(text) {
        number = .number(x)
      }
      guard case .number(let x) = number, field.accepts(x) else {
        throw fail(.budgetValue(key: key, field: field.rawValue, expected: field.expected))
      }
      switch field {
      case .trials: budget.trials = Int(x)
      case .ops: budget.ops = Int(x)
      case .warmup: budget.warmup = Int(x)
      case .seconds: budget.seconds = x
      case .timeout: budget.timeout = x
      case .timeBudget: budget.timeBudget = x
      case .minTrials: budget.minTrials = Int(x)
      case .cap: budget.cap = x
      }
    }
    if budget.ops != nil && budget.seconds != nil {
      throw fail(.opsAndSeconds(key: key))
    }
    if budget.cap != nil && budget.seconds != nil {
      throw fail(.capBesideSeconds(key: key))
    }
    return budget
  }

  /// The system's words for why a file could not be read ("Permission denied").
  static func reason(_ error: Error) -> String {
    let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
    if let underlying, underlying.domain == NSPOSIXErrorDomain {
      return Platform.errorMessage(Int32(underlying.code))
    }
    return (error as NSError).localizedDescription
  }

  /// " at line L, column C: what" for the first syntax error, as far as Foundation's parser
  /// says where (it reports a character offset; people read lines and columns).
  static func whereInvalid(_ data: Data) -> String {
    let detail: String
    do {
      _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
      return ""
    } catch let error as NSError {
      detail = error.userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
    }
    guard let range = detail.range(of: #"character [0-9]+"#, options: .regularExpression),
      let offset = Int(detail[range].dropFirst("character ".count))
    else { return ": \(detail)" }
    var line = 1
    var column = 1
    for byte in data.prefix(offset) {
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    let what = detail.replacingOccurrences(
      of: #" around character [0-9]+\.?"#, with: "", options: .regularExpression)
    return " at line \(line), column \(column): \(what)"
  }

}
