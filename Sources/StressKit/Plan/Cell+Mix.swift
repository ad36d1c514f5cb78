/// The read mix as words, for the places a run that sweeps it must tell its cells apart.
extension Cell {
  /// "90% reads", "99.9% reads".
  package var mixText: String { "\(Formatting.percent(readRatio)) reads" }
}

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
