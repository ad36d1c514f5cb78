import Foundation
import StressKitBench
import StressKitCore
import StressKitEngine
import StressKitModel
import StressKitPlan
import StressKitRun

// The words of a value Analysis computes: Analysis returns values, Reports words them.

extension Recommendation {
  /// The finding in one sentence, with its numbers.
  package var text: String {
    let mix = "\(Formatting.percent(readRatio)) reads"
    switch finding {
    case .fastestEverywhere(let wrapper, let threads, let ratios):
      return "\(wrapper) is the fastest correct wrapper at every thread count measured "
        + "(\(threads.lowerBound) to \(threads.upperBound)) at \(mix): "
        + String(format: "%.2gx to %.2gx", ratios.lowerBound, ratios.upperBound) + " the next one"
    case .overtakes(let o):
      let outnumber = o.outnumberedCores.map { ", once threads outnumber the \($0) cores" } ?? ""
      return "\(o.winner) beats \(o.loser) from \(o.after) threads at \(mix)\(outnumber): "
        + "\(Formatting.compact(o.winnerAfter)) against \(Formatting.compact(o.loserAfter)) ops/s; "
        + "at \(o.before) thread\(o.before == 1 ? "" : "s") \(o.loser) led, "
        + "\(Formatting.compact(o.loserBefore)) against \(Formatting.compact(o.winnerBefore))"
    }
  }

  /// The `stress run` that measures it again.
  package var command: String {
    "stress run --subjects \(subject) --wrappers \(wrappers.joined(separator: ","))"
      + " --threads \(threads.map(String.init).joined(separator: ","))"
      + " --read-ratio \(ResultColumns.number(readRatio))"
      + (mode.map { " --mode \($0)" } ?? "")
  }
}
