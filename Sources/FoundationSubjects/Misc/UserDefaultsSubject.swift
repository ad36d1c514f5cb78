import Foundation
import StressKit

/// `UserDefaults` on a private suite (never the user's own defaults), removed when the trial
/// ends, used as an application uses its settings: typed setters (an Int, its string), a
/// scratch key set and removed, registered defaults, typed getters and the whole
/// `dictionaryRepresentation()`. Key k only ever holds ~k, as a number or its string.
package final class UserDefaultsSubject: StressSubject, @unchecked Sendable {
  package enum Write: String, CaseIterable {
    case int = "set(_:forKey:) with an Int"
    case string = "set(_:forKey:) with a String"
    case remove = "set(_:forKey:), then removeObject(forKey:) of a scratch key"
  }

  package enum Read: String, CaseIterable {
    case object = "object(forKey:)"
    case integer = "integer(forKey:)"
    case string = "string(forKey:)"
    case registered = "integer(forKey:) of a key from register(defaults:)"
    case all = "dictionaryRepresentation() (its keys of this trial checked)"
  }

  package static let info = SubjectInfo(
    id: "userdefaults",
    summary: "UserDefaults on a private suite: typed set, remove, registered, typed get, all",
    documented: .safe, sendable: Sendability.of(UserDefaults.self),
    calls: Write.allCases.map { "\($0.rawValue) (write)" }
      + Read.allCases.map { "\($0.rawValue) (read)" },
    leavesOut:
      "UserDefaults.standard: it would write the user's own defaults file, and it is this "
      + "class on the process's suite; synchronize(): deprecated, writes persist without it; "
      + "didChangeNotification observers: notificationcenter covers posting and observing; "
      + "arrays, dictionaries and Data as values: they are stored through the same property-"
      + "list path as numbers and strings; other processes writing the suite: not a thread "
      + "of this process")

  package static let writes = InputDomain("writes", edges: [], ordinary: Write.allCases)
  /// dictionaryRepresentation copies every key: 1 read in 16.
  package static let reads = InputDomain(
    "reads", edges: [],
    ordinary: Array(repeating: [Read.object, .integer, .string, .registered], count: 4)
      .flatMap { $0 } + [.all])

  private let shape: TrialShape
  private let suite = "stress.trial.\(UUID().uuidString)"
  private let defaults: UserDefaults

  package init(shape: TrialShape) {
    self.shape = shape
    _ = Self.sweep
    defaults = UserDefaults(suiteName: suite)!
    defaults.register(defaults: ["registered": 7])
  }

  /// Once per process: removes the files of earlier trials whose worker was killed (a hang)
  /// before `deinit` could remove their suite. Only this subject's own names, and only files
  /// older than ten minutes, so a run going on beside this one keeps its own.
  static let sweep: Void = PrivateDirectory.sweep(
    prefix: "stress.trial.", suffix: ".plist",
    in: ProcessInfo.processInfo.environment["XDG_CONFIG_HOME"]
      ?? (NSHomeDirectory() as NSString).appendingPathComponent(".config"))

  deinit {
    defaults.removePersistentDomain(forName: suite)
  }

  package func write(_ step: Step) {
    let key = "k\(step.token)"
    switch Self.writes[step] {
    case .int: defaults.set(~step.token, forKey: key)
    case .string: defaults.set(String(~step.token), forKey: key)
    case .remove:
      defaults.set(~step.token, forKey: "t\(step.token)")
      defaults.removeObject(forKey: "t\(step.token)")
      defaults.set(~step.token, forKey: key)
    }
  }

  /// The number an object holds, as a number or its string.
  static func number(_ object: Any?) -> Int? {
    switch object {
    case let n as NSNumber: n.intValue
    case let i as Int: i
    case let s as String: Int(s)
    default: nil
    }
  }

  package func read(_ step: Step) -> String? {
    let key = Token.probe(step.random, shape: shape)
    switch Self.reads[step] {
    case .object:
      guard let object = defaults.object(forKey: "k\(key)") else { return nil }
      guard let value = Self.number(object) else { return "k\(key) holds \(object)" }
      return value == ~key ? nil : "k\(key) holds \(value), expected \(~key)"
    case .integer:
      let value = defaults.integer(forKey: "k\(key)")
      return value == 0 || value == ~key ? nil : "integer(forKey: k\(key)) is \(value)"
    case .string:
      guard let text = defaults.string(forKey: "k\(key)") else { return nil }
      return text == String(~key) ? nil : "string(forKey: k\(key)) is '\(text)'"
    case .registered:
      let value = defaults.integer(forKey: "registered")
      return value == 7 ? nil : "the registered default reads \(value)"
    case .all:
      for (name, object) in defaults.dictionaryRepresentation() where name.hasPrefix("k") {
        guard let token = Int(name.dropFirst()), Token.decode(token) != nil else { continue }
        if Self.number(object) != ~token {
          return "dictionaryRepresentation has \(name) = \(object)"
        }
      }
      return nil
    }
  }

  package func check(writesPerThread: [Int]) -> Violations {
    var violations = Violations()
    for (thread, writes) in writesPerThread.enumerated() {
      for seq in 0..<writes {
        let key = Token.encode(thread: thread, seq: seq)
        let value = Self.number(defaults.object(forKey: "k\(key)"))
        if value != ~key { violations.add("k\(key) holds \(value.map(String.init) ?? "nothing")") }
      }
    }
    return violations
  }
}
