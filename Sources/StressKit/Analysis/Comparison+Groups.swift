import Foundation

extension Comparison {
  /// The whole run, a wrapper or a subject, judged as one: did its cells' medians move the same
  /// way more often than chance allows? A sign test over the cells' directions, so it needs no
  /// trials count per cell and catches a systematic slowdown even in a quick run.
  package struct Group: Sendable, Equatable {
    package enum Scope: Sendable, Hashable {
      case run
      case wrapper(String)
      case subject(String)
    }

    package var scope: Scope
    /// Cells with a throughput median on both sides.
    package var cells: Int
    package var slower: Int
    package var faster: Int
    /// The geometric mean of the cells' median ratios, minus 1: -0.31 is 31% slower.
    package var change: Double
    /// The sign test's two-sided p-value, then Holm's adjusted across all groups.
    package var pValue: Double
    package var adjustedPValue: Double
    package var kind: Kind

    /// "the whole run", "wrapper lock", "subject swift-array".
    package var label: String {
      switch scope {
      case .run: "the whole run"
      case .wrapper(let id): "wrapper \(id)"
      case .subject(let id): "subject \(id)"
      }
    }

    /// "31.0% slower: 284 of 288 cells slower, 4 faster, p = 1.2e-77 (Holm: 2.3e-76)".
    package var what: String {
      let direction = change < 0 ? "slower" : "faster"
      return String(format: "%.1f%% %@", abs(change) * 100, direction)
        + ": \(slower) of \(cells) cells slower, \(faster) faster, "
        + "p = \(Formatting.pValue(pValue)) (Holm: \(Formatting.pValue(adjustedPValue)))"
    }
  }

  /// How the groups are judged, in words, for every output.
  package static let groupMethod =
    "Groups: the whole run (every matched cell), each wrapper and each subject (its protected "
    + "cells): a two-sided sign test on the direction of the cells' median changes, Holm's "
    + "correction across the groups at p < 0.01, and the geometric mean of the median ratios "
    + "beyond the threshold."

  /// The groups of `entries`' throughput: the whole run first, then wrappers and subjects in
  /// first-seen order. A group is a regression when it is slower beyond the threshold and its
  /// Holm-adjusted p is below `alpha`; the unprotected wrapper's group is only a change.
  static func groups(_ entries: [Entry], threshold: Double, alpha: Double) -> [Group] {
    let speeds = entries.filter { $0.throughputChange != nil }
    guard !speeds.isEmpty else { return [] }
    var scopes: [(Group.Scope, [Entry])] = [(.run, speeds)]
    scopes += speeds.groupedInOrder(by: \.key.wrapper).map { (.wrapper($0), $1) }
    scopes += speeds.filter(\.isProtected).groupedInOrder(by: \.key.subject).map {
      (.subject($0), $1)
    }
    var groups = scopes.map { scope, cells in
      let ratios = cells.map { 1 + $0.throughputChange! }.filter { $0 > 0 }
      let slower = ratios.filter { $0 < 1 }.count
      let faster = ratios.filter { $0 > 1 }.count
      let change = ratios.isEmpty ? 0 : exp(ratios.map(log).reduce(0, +) / Double(ratios.count)) - 1
      return Group(
        scope: scope, cells: cells.count, slower: slower, faster: faster, change: change,
        pValue: SignTest.pValue(down: slower, up: faster), adjustedPValue: 1, kind: .unchanged)
    }
    let adjusted = MultipleComparisons.holm(groups.map(\.pValue))
    for i in groups.indices {
      groups[i].adjustedPValue = adjusted[i]
      guard adjusted[i] < alpha, abs(groups[i].change) > threshold else { continue }
      let protected: Bool
      if case .wrapper = groups[i].scope {
        protected = scopes[i].1.allSatisfy(\.isProtected)
      } else {
        protected = true
      }
      groups[i].kind = groups[i].change > 0 ? .improvement : protected ? .regression : .change
    }
    return groups
  }
}
