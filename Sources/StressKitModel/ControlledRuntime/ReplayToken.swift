import StressKitCore

/// A failing schedule's name: `subject:threads.seed.scenario.choices.check`, the choices one
/// base-36 digit each. It holds all a replay needs, so the same scenario runs the same
/// interleaving, and says what it replays: the subject (a model test's id), the thread count
/// and the scenario. The check is four base-36 digits of a hash of all before it, so a token
/// cut short or altered is refused, never replayed as something else.
///
/// The scenario is the number drawn from the seed, or, for a scenario no seed draws (a stress
/// failure's, shrunk), the scenario itself: `s` and its parts (initial, each thread's, post)
/// separated by `~`, their calls by `_`, and a call's operation and choices by `-`.
///
/// Tokens from before the subject and the check (`threads.seed.scenario.choices`) are still
/// read; they name no subject, and nothing checks them.
package struct ReplayToken: Sendable, Equatable, CustomStringConvertible {
  /// The model test it replays; nil for a token of the older form.
  package var subject: String?
  package var threads: Int
  package var seed: UInt64
  package var scenario: Int
  /// The scenario itself, for one no seed draws.
  package var calls: Scenario?
  package var choices: [Int]

  package init(
    subject: String?, threads: Int, seed: UInt64, scenario: Int, calls: Scenario? = nil,
    choices: [Int]
  ) {
    self.subject = subject
    self.threads = threads
    self.seed = seed
    self.scenario = scenario
    self.calls = calls
    self.choices = choices
  }

  /// Why a text is not a token: each says what a user should do.
  package enum Invalid: Error, Equatable, CustomStringConvertible {
    case form
    case noCheck
    case check

    package var description: String {
      switch self {
      case .form: "not a replay token (subject:threads.seed.scenario.choices.check)"
      case .noCheck:
        "the replay token has no check digits: it was cut short; copy the whole token"
      case .check:
        "the replay token's check digits do not match: it was cut short or altered; copy the "
          + "whole token from the failure's report"
      }
    }
  }

  /// Reads a token; nil for anything else, or for more threads than a run may have.
  package init?(_ text: String) {
    guard let token = try? Self(parsing: text) else { return nil }
    self = token
  }

  /// Reads a token, or says why the text is none.
  package init(parsing text: String) throws(Invalid) {
    var subject: String?
    var body = Substring(text)
    if let colon = text.lastIndex(of: ":") {
      subject = String(text[..<colon])
      body = text[text.index(after: colon)...]
      guard subject?.isEmpty == false else { throw .form }
    }
    var parts = body.split(separator: ".", omittingEmptySubsequences: false)
    if subject != nil {
      // A subject's token ends in its check; four parts are one cut short at its choices.
      guard parts.count == 5 else { throw parts.count == 4 ? .noCheck : .form }
      let check = parts.removeLast()
      guard check == Self.check(text[..<text.index(check.startIndex, offsetBy: -1)]) else {
        throw .check
      }
    }
    // Digits only where a number goes: "+2" or " 2" would read as 2 and be spelled back
    // otherwise, a token other than the one given.
    guard parts.count == 4, parts[0...1].allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }),
      let threads = Int(parts[0]),
      (1...ControlledScheduler.maxThreads).contains(threads),
      let seed = UInt64(parts[1]), let choices = ScheduleTrace.choices(parts[3])
    else { throw .form }
    if parts[2].hasPrefix("s") {
      guard let calls = Self.scenario(parts[2].dropFirst()), calls.parallel.count == threads
      else { throw .form }
      self.init(
        subject: subject, threads: threads, seed: seed, scenario: 0, calls: calls,
        choices: choices)
    } else {
      guard parts[2].allSatisfy(\.isASCIIDigit), let scenario = Int(parts[2]) else { throw .form }
      self.init(
        subject: subject, threads: threads, seed: seed, scenario: scenario, choices: choices)
    }
  }

  /// Four base-36 digits of an FNV-1a hash of `text`: one altered or dropped character
  /// changes them but for one token in 1.7 million.
  static func check(_ text: Substring) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    let digits = String(hash % 1_679_616, radix: 36)
    return String(repeating: "0", count: 4 - digits.count) + digits
  }

  package var description: String {
    let scenario = calls.map { "s" + Self.spell($0) } ?? "\(self.scenario)"
    let body = "\(threads).\(seed).\(scenario).\(ScheduleTrace.spell(choices))"
    guard let subject else { return body }
    let text = "\(subject):\(body)"
    return text + "." + Self.check(Substring(text))
  }

  /// A scenario as a token spells it.
  static func spell(_ scenario: Scenario) -> String {
    ([scenario.initial] + scenario.parallel + [scenario.post]).map { part in
      part.map { call in
        ([call.operation] + call.choices).map { String($0, radix: 36) }.joined(separator: "-")
      }.joined(separator: "_")
    }.joined(separator: "~")
  }

  /// The scenario a token spells, or nil.
  static func scenario(_ text: Substring) -> Scenario? {
    let parts = text.split(separator: "~", omittingEmptySubsequences: false)
    guard parts.count >= 3 else { return nil }
    var lanes: [[Scenario.Call]] = []
    for part in parts {
      var calls: [Scenario.Call] = []
      for call in part.split(separator: "_") {
        let numbers = call.split(separator: "-", omittingEmptySubsequences: false).map {
          Int($0, radix: 36)
        }
        guard let operation = numbers.first ?? nil, numbers.allSatisfy({ ($0 ?? -1) >= 0 })
        else { return nil }
        calls.append(Scenario.Call(operation: operation, choices: numbers.dropFirst().map { $0! }))
      }
      lanes.append(calls)
    }
    return Scenario(
      initial: lanes[0], parallel: Array(lanes[1..<(lanes.count - 1)]), post: lanes.last!)
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
