import Foundation
import StressKitBench
import StressKitCore
import StressKitEngine
import StressKitModel
import StressKitPlan
import StressKitRun

extension WrapperComparison {
  /// Per subject and read mix, over its thread counts: the fastest correct protected wrapper
  /// when it is clearly ahead of the next at every one, and where the fastest changes between
  /// neighbouring thread counts with the two told apart at both.
  /// `mode` goes into the commands; `cores`, the machine's, names a change of winner that comes
  /// as the threads begin to outnumber them.
  package func recommendations(mode: String? = nil, cores: Int? = nil) -> [Recommendation] {
    let series = conditions.filter { $0.readers == nil }.groupedInOrder {
      "\($0.subject)|\($0.readRatio)"
    }
    var found: [Recommendation] = []
    for (_, group) in series {
      let ordered = group.sorted { $0.threads < $1.threads }
      // A clear lead: the best told apart from the runner-up.
      let leads: [(condition: Condition, best: Entry, next: Entry)] = ordered.compactMap { c in
        let correct = c.entries.filter { $0.isProtected && !$0.failed && $0.median != nil }
        guard correct.count >= 2, correct[0].separated(from: correct[1]) else { return nil }
        return (c, correct[0], correct[1])
      }
      let head = ordered[0]
      func recommend(_ finding: Recommendation.Finding, _ wrappers: [String], _ threads: [Int])
        -> Recommendation
      {
        Recommendation(
          subject: head.subject, readRatio: head.readRatio, finding: finding,
          wrappers: wrappers, threads: threads, mode: mode)
      }
      let winners = Set(leads.map(\.best.wrapper))
      if winners.count == 1 && leads.count == ordered.count && leads.count >= 2,
        let first = leads.first
      {
        let ratios = leads.map { $0.best.median! / $0.next.median! }
        found.append(
          recommend(
            .fastestEverywhere(
              wrapper: first.best.wrapper,
              threads: ordered.first!.threads...ordered.last!.threads,
              ratios: ratios.min()!...ratios.max()!),
            [first.best.wrapper] + Array(Set(leads.map(\.next.wrapper))).sorted(),
            ordered.map(\.threads)))
        continue
      }
      // Where the best changes between neighbouring thread counts, and the two wrappers are
      // told apart at both (each faster at its own end), the change is a finding.
      for (before, after) in zip(ordered, ordered.dropFirst()) {
        guard let x = before.best, let y = after.best, x.wrapper != y.wrapper,
          let yBefore = before.entries.first(where: { $0.wrapper == y.wrapper && !$0.failed }),
          let xAfter = after.entries.first(where: { $0.wrapper == x.wrapper && !$0.failed }),
          x.separated(from: yBefore), y.separated(from: xAfter),
          let a = y.median, let b = xAfter.median, let c = x.median, let d = yBefore.median
        else { continue }
        let outnumbered = cores.flatMap { before.threads <= $0 && after.threads > $0 ? $0 : nil }
        found.append(
          recommend(
            .overtakes(
              Recommendation.Overtaking(
                winner: y.wrapper, loser: x.wrapper, before: before.threads,
                after: after.threads, winnerAfter: a, loserAfter: b, loserBefore: c,
                winnerBefore: d, outnumberedCores: outnumbered)),
            [x.wrapper, y.wrapper], [before.threads, after.threads]))
      }
    }
    return found
  }
}
