import Foundation
import StressKitBench
import StressKitCore
import StressKitEngine
import StressKitModel
import StressKitPlan
import StressKitRun

extension Comparison {
  /// The whole run, a wrapper or a subject, judged as one.
  ///
  /// The whole run: did its cells' medians move the same way more often than chance allows
  /// (a sign test over the cells' directions, so it needs no trials count per cell and
  /// catches a systematic slowdown even in a quick run), and did the positive control, run
  /// beside the cells in both runs, not move alike (then it is the machine's speed, not the
  /// code's)? A wrapper or a subject: did its cells move away from the run's median cell by
  /// more than the noise between runs allows (`RunNoise`)? So a slower machine moves the
  /// whole run and no wrapper, and a slower wrapper stands out from the rest.
  package struct Group: Sendable, Equatable {
    package enum Scope: Sendable, Hashable {
      case run
      case wrapper(String)
      case subject(String)
    }

    package var scope: Scope
    /// Cells with a throughput median on both sides.
    package var cells: Int
    /// Cells slower and faster: than the baseline for the whole run, than the run's median
    /// cell for a group judged beside it.
    package var slower: Int
    package var faster: Int
    /// The geometric mean of the cells' median ratios, minus 1: -0.31 is 31% slower. Beside
    /// the run's median cell for a group judged beside it.
    package var change: Double
    /// The test's two-sided p-value, then Holm's adjusted across all groups.
    package var pValue: Double
    package var adjustedPValue: Double
    package var kind: Kind
    /// A wrapper or subject judged beside the run: its cells' noise widths summed over the
    /// square root of their count (Stouffer's z), over its family's dispersion.
    package var noiseWidths: Double?
    /// The whole run only: the positive control's change over the same runs.
    package var machineChange: Double?
    /// Why the group was not judged beside the run, if it was not: its family (the wrappers,
    /// the subjects) too small to measure how far a group of it strays between runs of the
    /// same code. It is then neither a regression nor a change: its cells are judged alone.
    package var notJudged: TooFewInFamily?
    /// The machine's load on each side, over the group's cells that recorded it.
    package var load: Load?
    /// A slowdown left unjudged because the current side was measured on a loaded machine.
    package var machineLoaded = false

    /// A family of groups too small to measure its dispersion: its name and size.
    package struct TooFewInFamily: Sendable, Hashable {
      /// "wrappers" or "subjects".
      package var family: String
      package var size: Int

      package init(family: String, size: Int) {
        self.family = family
        self.size = size
      }
    }

    /// The fewest groups of a family whose dispersion is measured; below it, none is judged.
    package static let fewestInFamily = 5

    /// The fewest cells a wrapper or subject is judged beside the run on.
    package static let fewestCells = 5
  }

  /// The groups of `entries`' throughput: the whole run first, then wrappers and subjects in
  /// first-seen order. A group is a regression when it is slower beyond the threshold and its
  /// Holm-adjusted p is below `alpha`; the unprotected wrapper's group is only a change either
  /// way, and so is a whole run whose positive control moved alike.
  static func groups(
    _ entries: [Entry], threshold: Double, alpha: Double, noise: RunNoise?, machineChange: Double?
  ) -> [Group] {
    let speeds = entries.filter { $0.throughputChange != nil }
    guard !speeds.isEmpty else { return [] }
    var scopes: [(Group.Scope, [Entry])] = []
    scopes += speeds.groupedInOrder(by: \.key.wrapper).map { (.wrapper($0), $1) }
    scopes += speeds.filter(\.isProtected).groupedInOrder(by: \.key.subject).map {
      (.subject($0), $1)
    }
    var run = signTested(.run, speeds, center: 0)
    run.machineChange = machineChange
    var groups =
      [run]
      + scopes.map { scope, cells in
        noise.map { besideTheRun(scope, cells, $0) } ?? signTested(scope, cells, center: 0)
      }
    if noise != nil {
      scaleByDispersion(&groups[1...])
    }
    let adjusted = MultipleComparisons.holm(groups.map(\.pValue))
    for i in groups.indices {
      groups[i].adjustedPValue = adjusted[i]
      guard adjusted[i] < alpha, abs(groups[i].change) > threshold else { continue }
      let protected: Bool
      if case .wrapper = groups[i].scope {
        protected = scopes[i - 1].1.allSatisfy(\.isProtected)
      } else {
        protected = true
      }
      groups[i].kind = !protected ? .change : groups[i].change > 0 ? .improvement : .regression
      // The control beside the run moved alike, or slowed more: the machine's speed.
      if groups[i].scope == .run, let machineChange,
        abs((1 + groups[i].change) / (1 + machineChange) - 1) <= threshold
          || machineChange < groups[i].change
      {
        groups[i].kind = .change
      }
      // A slowdown whose cells were measured on a machine loaded beyond the baseline's.
      if groups[i].kind == .regression, groups[i].load?.loadedNow == true {
        groups[i].kind = .inconclusive
        groups[i].machineLoaded = true
      }
    }
    return groups
  }

  /// A group judged by the sign test on its cells' directions around `center` (a log ratio).
  static func signTested(_ scope: Group.Scope, _ cells: [Entry], center: Double) -> Group {
    let logs = cells.map { log(1 + $0.throughputChange!) - center }
    let slower = logs.filter { $0 < 0 }.count
    let faster = logs.filter { $0 > 0 }.count
    let change = logs.isEmpty ? 0 : exp(logs.reduce(0, +) / Double(logs.count)) - 1
    var group = Group(
      scope: scope, cells: cells.count, slower: slower, faster: faster, change: change,
      pValue: SignTest.pValue(down: slower, up: faster), adjustedPValue: 1, kind: .unchanged)
    group.load = Load.mean(cells.compactMap(\.load))
    return group
  }

  /// A group judged beside the run: Stouffer's z of its cells' noise widths. Under
  /// `fewestCells` it is left to its cells, whose own test also asks their trials.
  static func besideTheRun(_ scope: Group.Scope, _ cells: [Entry], _ noise: RunNoise) -> Group {
    var group = signTested(scope, cells, center: noise.center)
    // One cell far off weighs no more than 40 widths: at the 1% floor a cell 10 times slower
    // would be hundreds, and alone outweigh a whole wrapper.
    let widths = cells.compactMap(\.noiseWidths).map { max(-40, min(40, $0)) }
    guard widths.count >= Group.fewestCells else {
      group.pValue = 1
      return group
    }
    let z = widths.reduce(0, +) / Double(widths.count).squareRoot()
    group.noiseWidths = z
    group.pValue = RunNoise.twoSidedP(z)
    return group
  }

  /// Cells of one worker process and one stretch of the host's load move together, so a
  /// group's z is wider than a standard normal's even where nothing changed: a subject's cells
  /// run one after another in one worker, a wrapper's across the whole run. So each family,
  /// the wrappers and the subjects, measures its own dispersion: with 5 or more groups, 1.4826
  /// times the median absolute deviation of their z (at least 1), and each z is divided by it.
  ///
  /// A wrapper's cells are spread over every subject's worker, so those processes' speeds
  /// average out in it, and its scaled z is judged as a normal one. A subject's are not: they
  /// share one worker a side, so its shift is one draw of a process's speed, and only the
  /// family's few other draws say how far such a draw strays; its scaled z is judged as
  /// Student's t with one degree of freedom fewer than the family has subjects. (Same-commit
  /// quick runs put a subject 4.4 scaled widths off, where a normal allows 3.4 in 20 pairs.)
  static func scaleByDispersion(_ groups: inout ArraySlice<Group>) {
    let families = Dictionary(grouping: groups.indices) { i -> Bool in
      if case .wrapper = groups[i].scope { true } else { false }
    }
    for (isWrapper, members) in families {
      let zs = members.compactMap { groups[$0].noiseWidths }
      guard zs.count >= Group.fewestInFamily else {
        // Unscaled, a group's z takes its family's shared swings for a change of its own
        // (same-commit quick runs of 4 wrappers raised one 7.9 widths off): it is not guessed.
        let family = isWrapper ? "wrappers" : "subjects"
        for i in members where groups[i].noiseWidths != nil {
          groups[i].pValue = 1
          groups[i].notJudged = Group.TooFewInFamily(family: family, size: zs.count)
        }
        continue
      }
      let center = RunNoise.median(zs)
      let dispersion = max(1, 1.4826 * RunNoise.median(zs.map { abs($0 - center) }))
      for i in members {
        guard let z = groups[i].noiseWidths else { continue }
        groups[i].noiseWidths = z / dispersion
        groups[i].pValue =
          isWrapper
          ? RunNoise.twoSidedP(z / dispersion)
          : StudentT.twoSidedP(z / dispersion, degreesOfFreedom: zs.count - 1)
      }
    }
  }
}
