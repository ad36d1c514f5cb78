import StressKitCore

/// A strategy as `stress run --strategy` takes it and a CSV detail names it: `random-walk`,
/// `pct` or `pct:<depth>`, `exhaustive` or `exhaustive:<preemptions>`, `replay:<token>`.
extension ScheduleStrategy {
  /// The deepest PCT and the most preemptions the command line takes: beyond them a search
  /// neither finds more nor ends.
  package static let maxDepth = 10

  /// Whether every run of it explores the same schedules (a search, a replay): such a run's
  /// power is what it covered, and no positive control measures it.
  package var isDeterministic: Bool {
    switch self {
    case .randomWalk, .pct: false
    case .exhaustive, .replay: true
    }
  }

  /// Parses the command line's form; nil for anything else.
  package init?(argument: String) {
    let parts = argument.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
    let number = parts.count == 2 ? Int(parts[1]) : nil
    switch (parts[0], parts.count) {
    case ("random-walk", 1): self = .randomWalk
    case ("pct", 1): self = .pct(depth: 2)
    case ("pct", 2):
      guard let number, (1...Self.maxDepth).contains(number) else { return nil }
      self = .pct(depth: number)
    case ("exhaustive", 1): self = .exhaustive(preemptions: 2)
    case ("exhaustive", 2):
      guard let number, (0...Self.maxDepth).contains(number) else { return nil }
      self = .exhaustive(preemptions: number)
    case ("replay", 2):
      guard ReplayToken(String(parts[1])) != nil else { return nil }
      self = .replay(String(parts[1]))
    default: return nil
    }
  }

  /// The command line's form, which `init(argument:)` reads back.
  package var argument: String {
    switch self {
    case .randomWalk: "random-walk"
    case .pct(let depth): "pct:\(depth)"
    case .exhaustive(let preemptions): "exhaustive:\(preemptions)"
    case .replay(let token): "replay:\(token)"
    }
  }

  /// What `--strategy` expects, for its help and its error.
  package static let argumentForms =
    "stress, random-walk, pct[:<depth 1-\(maxDepth)>], exhaustive[:<preemptions 0-\(maxDepth)>] or replay:<token>"
}
