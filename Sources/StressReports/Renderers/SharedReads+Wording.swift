import StressKitBench
import StressKitCore
import StressKitEngine
import StressKitModel
import StressKitPlan
import StressKitRun

// The words of a value Analysis computes: Analysis returns values, Reports words them.

extension SharedReads {
  /// One plain sentence.
  package var text: String {
    let names = Self.list(wrappers)
    let verb = wrappers.count == 1 ? "runs" : "run"
    return
      "\(names) \(verb) reads together, so \(wrappers.count == 1 ? "it leaves" : "they leave") "
      + "concurrent reads unprotected: under \(wrappers.count == 1 ? "it" : "them"), the "
      + "read-only \(Self.list(subjects)) ran as bare as under unprotected."
  }

  /// "a", "a and b", "a, b and c".
  package static func list(_ names: [String]) -> String {
    names.count < 2
      ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + names.last!
  }
}
