/// package-benchmark's percentiles of a sample: p0 (min), p25, p50 (median), p75, p90, p100.
package struct Percentiles: Sendable, Equatable {
  package var p0, p25, p50, p75, p90, p100: Double

  /// nil for an empty sample. Linear interpolation between order statistics.
  package init?(_ values: [Double]) {
    guard !values.isEmpty else { return nil }
    let sorted = values.sorted()
    func at(_ q: Double) -> Double {
      let position = q * Double(sorted.count - 1)
      let low = Int(position.rounded(.down))
      let high = min(low + 1, sorted.count - 1)
      return sorted[low] + (sorted[high] - sorted[low]) * (position - Double(low))
    }
    p0 = sorted[0]
    p25 = at(0.25)
    p50 = at(0.5)
    p75 = at(0.75)
    p90 = at(0.9)
    p100 = sorted[sorted.count - 1]
  }
}
