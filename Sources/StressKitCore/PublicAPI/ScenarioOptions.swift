/// The shape of a model test's random scenarios and the limits of their checks.
///
/// A scenario is an initial part (run first, on one thread), a parallel part (each thread's
/// operations, the threads released together) and a post part (run last, on one thread). The
/// cell's thread count gives the parallel part's threads; these give everything else.
public struct ScenarioOptions: Sendable, Equatable {
  /// Operations per thread in the parallel part.
  public var operationsPerThread: Int
  /// At most this many operations in the initial part (0 to this, drawn per scenario).
  public var initialOperations: Int
  /// At most this many operations in the post part.
  public var postOperations: Int
  /// Invocations of each scenario, each on a fresh instance, before the next scenario.
  public var invocations: Int
  /// Seconds one history's check may take before it answers unknown (never a pass), from 0 (check
  /// nothing: every outcome that needs a search is unknown) to a day.
  public var checkSeconds: Double
  /// Seconds spent shrinking a failing scenario, at most.
  public var minimizationSeconds: Double

  /// Lincheck's habit, sized for short trials: 3 operations per thread, up to 2 before and 2
  /// after, 100 invocations a scenario. Many scenarios of fewer invocations find more: on this
  /// project's 2-core machine, at the default budget, 500 invocations caught the four classic
  /// non-linearizable self-tests in 13 to 20 of 20 trials, 100 in 19 to 20.
  public init(
    operationsPerThread: Int = 3, initialOperations: Int = 2, postOperations: Int = 2,
    invocations: Int = 100, checkSeconds: Double = 0.5, minimizationSeconds: Double = 2
  ) {
    self.operationsPerThread = operationsPerThread
    self.initialOperations = initialOperations
    self.postOperations = postOperations
    self.invocations = invocations
    self.checkSeconds = checkSeconds
    self.minimizationSeconds = minimizationSeconds
  }
}
