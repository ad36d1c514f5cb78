import StressKitCore

extension Sequence<Cell> {
  /// Whether some subject's cells come in more than one read mix (the run sweeps it; subjects
  /// that merely differ in their own default mix do not count).
  package var sweepsReadMix: Bool {
    var mixes: [String: Set<Double>] = [:]
    for cell in self where !cell.isControl && cell.readers == nil {
      mixes[cell.subject, default: []].insert(cell.readRatio)
    }
    return mixes.values.contains { $0.count > 1 }
  }
}
