import Foundation

/// A sentence on which wrapper to use, computed from a run's numbers, with the command that
/// measures it again. None is ever written by hand: where the numbers do not separate the
/// wrappers (their 99.9% intervals overlap, or too few trials to have one), there is none.
package struct Recommendation: Sendable, Equatable, Codable {
  package var subject: String
  package var text: String
  package var command: String

  package init(subject: String, text: String, command: String) {
    self.subject = subject
    self.text = text
    self.command = command
  }
}

extension WrapperComparison {
  /// Per subject and read mix, over its thread counts: the fastest correct protected wrapper
  /// where it is clearly ahead of the next, and where that winner changes.
  package func recommendations(mode: String? = nil) -> [Recommendation] {
    let series = conditions.filter { $0.readers == nil }.groupedInOrder {
      "\($0.subject)|\($0.readRatio)"
    }
    var found: [Recommendation] = []
    for (_, group) in series {
      let ordered = group.sorted { $0.threads < $1.threads }
      // A clear lead: the best's interval apart from the runner-up's.
      let leads: [(condition: Condition, best: Entry, next: Entry)] = ordered.compactMap { c in
        let correct = c.entries.filter { $0.isProtected && !$0.failed && $0.median != nil }
        guard correct.count >= 2, correct[1].indistinguishable == false else { return nil }
        return (c, correct[0], correct[1])
      }
      guard let first = leads.first else { continue }
      let subject = first.condition.subject
      let mix = "\(Formatting.percent(first.condition.readRatio)) reads"
      func command(_ wrappers: [String], _ threads: [Int]) -> String {
        "stress run --subjects \(subject) --wrappers \(wrappers.joined(separator: ","))"
          + " --threads \(threads.map(String.init).joined(separator: ","))"
          + " --read-ratio \(ResultColumns.number(first.condition.readRatio))"
          + (mode.map { " --mode \($0)" } ?? "")
      }
      let winners = Set(leads.map(\.best.wrapper))
      if winners.count == 1 && leads.count == ordered.count && leads.count >= 2 {
        let ratios = leads.map { $0.best.median! / $0.next.median! }
        found.append(
          Recommendation(
            subject: subject,
            text: "\(first.best.wrapper) is the fastest correct wrapper at every thread count "
              + "measured (\(ordered.first!.threads) to \(ordered.last!.threads)) at \(mix): "
              + String(format: "%.2gx to %.2gx", ratios.min()!, ratios.max()!)
              + " the next one",
            command: command(
              [first.best.wrapper] + Array(Set(leads.map(\.next.wrapper))).sorted(),
              ordered.map(\.threads))))
        continue
      }
      for (before, after) in zip(leads, leads.dropFirst())
      where before.best.wrapper != after.best.wrapper {
        let loser = before.best.wrapper
        let winner = after.best.wrapper
        guard let loserAfter = after.condition.entries.first(where: { $0.wrapper == loser }),
          let winnerBefore = before.condition.entries.first(where: { $0.wrapper == winner }),
          let a = loserAfter.median, let b = winnerBefore.median, !loserAfter.failed
        else { continue }
        found.append(
          Recommendation(
            subject: subject,
            text: "\(winner) beats \(loser) from \(after.condition.threads) threads at \(mix): "
              + "\(Formatting.compact(after.best.median!)) against \(Formatting.compact(a)) "
              + "ops/s; at \(before.condition.threads) threads \(loser) led, "
              + "\(Formatting.compact(before.best.median!)) against \(Formatting.compact(b))",
            command: command([loser, winner], [before.condition.threads, after.condition.threads])))
      }
    }
    return found
  }
}
