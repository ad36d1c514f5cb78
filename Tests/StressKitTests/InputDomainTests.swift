import Testing

@testable import StressKit

/// A subject's input domain: edge values in runs that every thread meets at once, one stretch
/// in eight, the rest uniform over the whole domain.
@Suite struct InputDomainTests {
  let domain = InputDomain<Int>("numbers", edges: [0, -1, .max], ordinary: Array(1...97))

  func step(_ thread: Int, _ seq: Int) -> Step {
    var random = SplitMixForTests(seed: UInt64(thread * 1_000_003 + seq))
    return Step(thread: thread, seq: seq, random: random.next())
  }

  @Test func theFirstStretchOfATrialDrawsTheFirstEdgeOnEveryThread() {
    for thread in 0..<4 {
      for seq in 0..<32 { #expect(domain[step(thread, seq)] == 0) }
    }
  }

  @Test func anEdgeStretchDrawsOneEdgeOnEveryThreadAndEdgesTakeTurns() {
    // Stretches 8, 16 and 24 (seq 256..., 512..., 768...) are the next edge stretches.
    for (stretch, edge) in [(8, -1), (16, Int.max), (24, 0)] {
      for thread in 0..<3 {
        for seq in stretch * 32..<(stretch + 1) * 32 { #expect(domain[step(thread, seq)] == edge) }
      }
    }
  }

  @Test func edgesAreAboutOneDrawInEightAndEveryValueIsReached() {
    var counts = [Int: Int]()
    let draws = 64_000
    for seq in 0..<draws { counts[domain[step(1, seq)], default: 0] += 1 }
    let edges = [0, -1, .max].reduce(0) { $0 + (counts[$1] ?? 0) }
    // 1/8 in runs, plus 7/8 x 3/100 uniformly: 15.1%.
    #expect(abs(Double(edges) / Double(draws) - 0.151) < 0.01, "\(edges) of \(draws)")
    #expect(counts.count == 100)
  }

  @Test func outsideEdgeStretchesThreadsDrawApart() {
    let seqs = 32..<256
    let same = seqs.filter { domain[step(0, $0)] == domain[step(1, $0)] }.count
    #expect(same < seqs.count / 10)
  }

  @Test func twoDomainsOfOneStepDrawIndependently() {
    let other = InputDomain<Int>("others", edges: [], ordinary: Array(0..<100))
    let same = (32..<2_032).filter {
      let s = step(0, $0)
      return domain.index(for: s) == other.index(for: s)
    }.count
    #expect(same < 100)
  }

  @Test func itsSummaryNamesItsEdges() {
    #expect(domain.summary == "numbers: 0, -1, \(Int.max) and 97 ordinary")
    #expect(InputDomain<Int>("calls", edges: [], ordinary: [1, 2]).summary == "calls: 2 values")
  }
}
