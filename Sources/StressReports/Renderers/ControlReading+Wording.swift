import StressKitBench
import StressKitCore
import StressKitEngine
import StressKitModel
import StressKitPlan
import StressKitRun

// The words of a value Analysis computes: Analysis returns values, Reports words them.

extension ControlReading {
  /// "caught in 70 of 72 trials at 2 threads".
  package var text: String {
    "caught in \(caught) of \(trials) trial\(trials == 1 ? "" : "s") at \(threads) threads"
  }
}
