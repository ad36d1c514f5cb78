import Foundation
import StressKit

/// `UserDefaults` on a private suite (never the user's own defaults), removed when the trial
/// ends: `set(~key, forKey:)`, `object(forKey:)`.
package final class UserDefaultsSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "userdefaults", summary: "UserDefaults on a private suite: set(_:forKey:), object(forKey:)",
    documented: .safe, sendable: Sendability.of(UserDefaults.self),
    calls: [
      "set(_:forKey:) with an Int (write)",
      "object(forKey:) (read)",
    ],
    leavesOut:
      "UserDefaults.standard, removeObject(forKey:), register(defaults:), synchronize(), dictionaryRepresentation(), typed getters like integer(forKey:)"
  )

  private let shape: TrialShape
  private let suite = "stress.trial.\(UUID().uuidString)"
  private let defaults: UserDefaults

  package init(shape: TrialShape) {
    self.shape = shape
    _ = Self.sweep
    defaults = UserDefaults(suiteName: suite)!
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
    defaults.set(~step.token, forKey: "k\(step.token)")
  }

  package func read(_ step: Step) -> String? {
    let key = Token.probe(step.random, shape: shape)
    guard let object = defaults.object(forKey: "k\(key)") else { return nil }
    guard let value = (object as? NSNumber)?.intValue ?? (object as? Int) else {
      return "k\(key) holds \(object)"
    }
    return value == ~key ? nil : "k\(key) holds \(value), expected \(~key)"
  }

  package func check(writesPerThread: [Int]) -> Violations {
    var violations = Violations()
    for (thread, writes) in writesPerThread.enumerated() {
      for seq in 0..<writes {
        let key = Token.encode(thread: thread, seq: seq)
        let value = (defaults.object(forKey: "k\(key)") as? NSNumber)?.intValue
        if value != ~key { violations.add("k\(key) holds \(value.map(String.init) ?? "nothing")") }
      }
    }
    return violations
  }
}
