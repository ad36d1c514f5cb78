import StressKitBench
import StressKitCore
import StressKitEngine
import StressKitModel
import StressKitPlan
import StressKitRun

/// The read mix as words, for the places a run that sweeps it must tell its cells apart.
extension Cell {
  /// "90% reads", "99.9% reads".
  package var mixText: String { "\(Formatting.percent(readRatio)) reads" }
}
