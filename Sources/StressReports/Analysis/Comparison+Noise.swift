import Foundation
import StressKitBench
import StressKitCore
import StressKitEngine
import StressKitModel
import StressKitPlan
import StressKitRun

extension Comparison {
  /// How far cells of unchanged code move between two runs on this machine, measured on the
  /// comparison's own cells: where the run as a whole moved (the median cell's change) and how
  /// widely the cells scatter around it.
  ///
  /// A cell's trials in one run come from one or two worker processes and one stretch of the
  /// host's load, so they are about that many samples: a test on the trials alone takes the
  /// difference between two processes for a change of the code (same-commit nightly runs here
  /// move a typical cell by 12% to 20%). Most cells of a nightly run did not change, so their
  /// scatter is the noise a real change must stand out from (Efron's empirical null); the
  /// median and the median absolute deviation keep the few cells that did change from
  /// widening it.
  package struct RunNoise: Sendable, Equatable {
    /// The median of the cells' log median ratios: the run's own shift, the machine's or the
    /// code's alike, which the wrappers and subjects are judged beside.
    package var center: Double
    /// 1.4826 times the median absolute deviation of the log ratios around `center`: a
    /// normal spread's standard deviation.
    package var spread: Double
    package var cells: Int

    /// The fewest cells whose scatter is taken for the noise; a smaller comparison is judged on
    /// its trials alone.
    package static let fewestCells = 20
    /// The narrowest noise width: 1%.
    package static let finest = 0.01

    /// The noise of `logRatios` (one per cell, current over baseline median), or nil if they
    /// are too few.
    package init?(logRatios: [Double]) {
      guard logRatios.count >= Self.fewestCells else { return nil }
      let center = Self.median(logRatios)
      self.center = center
      spread = 1.4826 * Self.median(logRatios.map { abs($0 - center) })
      cells = logRatios.count
    }

    /// How many noise widths a cell's change lies from the run's, and the two-sided normal
    /// p-value of that. The width is the wider of the run's spread and the cell's own (its
    /// trials' spread on both sides, `logSpread`): a cell that swings between modes from one
    /// process to the next shows it in its trials, and is not held to the quiet cells' width.
    /// At least `finest`: no two runs time anything closer than that.
    package func judge(logRatio: Double, ownSpread: Double) -> (widths: Double, p: Double) {
      let widths = (logRatio - center) / max(spread, ownSpread, Self.finest)
      return (widths, Self.twoSidedP(widths))
    }

    /// The two-sided tail of a standard normal beyond `z`.
    package static func twoSidedP(_ z: Double) -> Double {
      z.isFinite ? min(1, erfc(abs(z) / 2.0.squareRoot())) : 0
    }

    /// The spread of one side's trials on a log scale: half the range of their log rates, 0
    /// with fewer than 2. The range, not a robust spread: a cell whose trials span two modes
    /// (here a serial queue at 2 threads ran 40,000 or 1,200,000 operations a second, from one
    /// trial or process to the next) may sit in either mode next run, and its range says so.
    package static func logSpread(_ rates: [Double]) -> Double {
      let logs = rates.filter { $0 > 0 }.map(log)
      guard let low = logs.min(), let high = logs.max() else { return 0 }
      return (high - low) / 2
    }

    static func median(_ values: [Double]) -> Double { Percentiles(values)?.p50 ?? 0 }
  }
}
