import StressKitCore

extension ScenarioOptions {
  /// Parts larger than this are a mistake, not a test: a scenario of them would run for
  /// hours, and its history could never be checked.
  package static let maxOperations = 1_000

  /// What makes these options unusable, if anything, worded after the field: a model test's
  /// trial and `explore()` refuse them rather than trap on them (an infinite time) or let a
  /// bug pass (a negative or NaN time, which answered nothing). A check time of 0 is kept: it
  /// checks nothing on purpose, and every outcome that needs a search says unknown.
  package var problem: String? {
    let most = Self.maxOperations
    if !(1...most).contains(operationsPerThread) {
      return "operationsPerThread must be from 1 to \(most), not \(operationsPerThread)"
    }
    if !(0...most).contains(initialOperations) {
      return "initialOperations must be from 0 to \(most), not \(initialOperations)"
    }
    if !(0...most).contains(postOperations) {
      return "postOperations must be from 0 to \(most), not \(postOperations)"
    }
    if invocations < 1 { return "invocations must be at least 1, not \(invocations)" }
    if !(checkSeconds >= 0 && checkSeconds <= 86_400) {
      return "checkSeconds must be from 0 to 86,400 seconds, not \(checkSeconds)"
    }
    if !(minimizationSeconds >= 0 && minimizationSeconds <= 86_400) {
      return "minimizationSeconds must be from 0 to 86,400 seconds, not \(minimizationSeconds)"
    }
    return nil
  }
}
