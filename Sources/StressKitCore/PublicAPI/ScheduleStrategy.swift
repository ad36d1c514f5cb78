/// How `ModelTest.explore` chooses the interleavings of a scenario's parallel part under the
/// controlled scheduler, where threads switch only at scheduled primitives and operation
/// starts.
public enum ScheduleStrategy: Sendable, Hashable, Codable, CustomStringConvertible {
  /// Every thread that can go on equally likely at every point: `explore`'s default.
  case randomWalk
  /// PCT (Burckhardt et al., ASPLOS 2010): random thread priorities, lowered at `depth - 1`
  /// random points; a bug of depth d is found with probability at least 1/(n·k^(d-1)) per
  /// schedule, n threads and k points. Depth 2 finds most ordering bugs.
  case pct(depth: Int)
  /// Every schedule with at most `preemptions` preemptions (switches away from a thread that
  /// could go on), for each scenario in turn: a pass says how far the search went.
  case exhaustive(preemptions: Int)
  /// The one schedule a failure's replay token names: the same scenario, interleaving and
  /// history every time.
  case replay(String)

  /// As it is written in Swift: `.pct(depth: 2)`.
  public var description: String {
    switch self {
    case .randomWalk: ".randomWalk"
    case .pct(let depth): ".pct(depth: \(depth))"
    case .exhaustive(let preemptions): ".exhaustive(preemptions: \(preemptions))"
    case .replay(let token): ".replay(\"\(token)\")"
    }
  }
}
