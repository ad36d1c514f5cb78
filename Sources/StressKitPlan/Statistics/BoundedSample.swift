import StressKitCore

/// A running sample that a runner folds millions of trials into without growing: every value's
/// count, sum, least, greatest and variance, and at most `capacity` of the values themselves
/// (all of them until then, a uniform reservoir after).
///
/// A night of a million trials kept every throughput before, about 12 bytes a trial with the
/// array's spare capacity: the one-hour soak's steady rise. Up to `capacity` values everything is
/// exactly as it was; past it, percentiles come from the reservoir and the extremes, mean and
/// variance stay exact.
package struct BoundedSample: Sendable {
  /// Enough for a median's 99.9% interval to be within a few percent of the reservoir's
  /// quantiles; 32 KiB a cell at most.
  package static let defaultCapacity = 4096

  package let capacity: Int
  /// Values added.
  package private(set) var count = 0
  package private(set) var sum = 0.0
  package private(set) var minimum = Double.infinity
  package private(set) var maximum = -Double.infinity
  /// The values kept: every one while `count <= capacity`, in the order added; a uniform
  /// sample of them after.
  package private(set) var kept: [Double] = []
  // Welford's running mean and squared deviations: exact variance past the reservoir.
  private var runningMean = 0.0
  private var squaredDeviations = 0.0
  // SplitMix64: the reservoir's choices are the same for the same values, run after run.
  private var random = SplitMix64(seed: 0x9E37_79B9_7F4A_7C15)

  package init(capacity: Int = BoundedSample.defaultCapacity) {
    precondition(capacity > 0)
    self.capacity = capacity
  }

  package var isEmpty: Bool { count == 0 }
  /// Whether `kept` holds every value added.
  package var isComplete: Bool { count == kept.count }

  package mutating func add(_ value: Double) {
    count += 1
    sum += value
    minimum = min(minimum, value)
    maximum = max(maximum, value)
    let delta = value - runningMean
    runningMean += delta / Double(count)
    squaredDeviations += delta * (value - runningMean)
    if kept.count < capacity {
      kept.append(value)
    } else {
      // Algorithm R: the n-th value replaces a kept one with probability capacity/n.
      let slot = Int(random.next() % UInt64(count))
      if slot < capacity { kept[slot] = value }
    }
  }

  package var mean: Double? { count == 0 ? nil : sum / Double(count) }

  /// The sample variance (n - 1), two-pass over the values while all are kept, as before.
  package var variance: Double? {
    guard count >= 2 else { return nil }
    guard isComplete, let mean else { return squaredDeviations / Double(count - 1) }
    return kept.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(count - 1)
  }

  /// Percentiles of every value while all are kept; of the reservoir after, with the exact
  /// least and greatest.
  package var percentiles: Percentiles? {
    guard var p = Percentiles(kept) else { return nil }
    p.p0 = minimum
    p.p100 = maximum
    return p
  }
}
