import StressKitCore
import StressKitModel

/// A subject type, with its trial runner.
///
/// Two ways to compile the runner, chosen per subject (`Catalog.add`): dispatched, the loops
/// compiled once in StressKit for each standard wrapper and the subject called through its
/// protocol; or specialized, made by the inlinable `init(specializing:)` in the module that
/// adds the subject, so the loop is compiled for the subject and each standard wrapper, with
/// direct calls. A wrapper from elsewhere still works either way, through generic dispatch.
@usableFromInline
package struct SubjectEntry: Sendable {
  @usableFromInline package let type: any StressSubject.Type
  /// Whether the trial loop was compiled for this subject's own type.
  @usableFromInline package let isSpecialized: Bool
  /// Whether it is a model test, which the controlled scheduler can explore.
  @usableFromInline package var isModel = false
  /// A model test's async operations, by name: it runs bare, its lanes as tasks.
  @usableFromInline package var asyncOperations: [String] = []
  /// Whether it is a model test with async operations.
  package var isAsync: Bool { !asyncOperations.isEmpty }
  /// Why a replay token cannot replay this model test (another test's, a scenario it cannot
  /// run), or nil: asked before a run, so such a token is bad input, not a trial's fault.
  package var replayProblem: @Sendable (String) -> String? = { _ in "it is no model test" }
  @usableFromInline let runner:
    @Sendable (TrialSpec, any Wrapper.Type, @escaping @Sendable (Trial.Milestone) -> Void) ->
      TrialResult
  @usableFromInline let taskRunner:
    @Sendable (TrialSpec, any AsyncWrapper.Type, @escaping @Sendable (Trial.Milestone) -> Void) ->
      TrialResult

  /// The subject called through its protocol, from loops compiled once, here.
  package init(dispatching subject: any StressSubject.Type) {
    type = subject
    isSpecialized = false
    let maker = DispatchedSubject.maker(for: subject)
    (runner, taskRunner) = Self.runners(maker)
  }

  @inlinable
  package init<S: StressSubject>(specializing subject: S.Type) {
    type = subject
    isSpecialized = true
    (runner, taskRunner) = Self.runners(SubjectMaker(S.self))
  }

  /// The trial loop for `subject` under each standard wrapper, compiled for each.
  @inlinable
  static func runners<S: StressSubject>(_ subject: SubjectMaker<S>) -> (
    @Sendable (TrialSpec, any Wrapper.Type, @escaping @Sendable (Trial.Milestone) -> Void) ->
      TrialResult,
    @Sendable (TrialSpec, any AsyncWrapper.Type, @escaping @Sendable (Trial.Milestone) -> Void) ->
      TrialResult
  ) {
    let runner:
      @Sendable (TrialSpec, any Wrapper.Type, @escaping @Sendable (Trial.Milestone) -> Void) ->
        TrialResult = { spec, wrapper, milestone in
          switch wrapper {
          case is Unprotected.Type: Trial.run(spec, subject, Unprotected.self, milestone: milestone)
          case is LockWrapper.Type: Trial.run(spec, subject, LockWrapper.self, milestone: milestone)
          case is SerialQueueWrapper.Type:
            Trial.run(spec, subject, SerialQueueWrapper.self, milestone: milestone)
          case is RWBarrierWrapper.Type:
            Trial.run(spec, subject, RWBarrierWrapper.self, milestone: milestone)
          case is MutexWrapper.Type:
            Trial.run(spec, subject, MutexWrapper.self, milestone: milestone)
          case is RWLockWrapper.Type:
            Trial.run(spec, subject, RWLockWrapper.self, milestone: milestone)
          case is SemaphoreWrapper.Type:
            Trial.run(spec, subject, SemaphoreWrapper.self, milestone: milestone)
          default: Self.generic(spec, subject, wrapper, milestone)
          }
        }
    let taskRunner:
      @Sendable (TrialSpec, any AsyncWrapper.Type, @escaping @Sendable (Trial.Milestone) -> Void)
        -> TrialResult = { spec, wrapper, milestone in
          switch wrapper {
          case is ActorWrapper.Type:
            Trial.runTasks(spec, subject, ActorWrapper.self, milestone: milestone)
          default: Self.generic(spec, subject, wrapper, milestone)
          }
        }
    return (runner, taskRunner)
  }

  /// A model test's entry: its trials are `ModelTrial`'s, under any wrapper.
  package init<M: ModelTest>(model: M.Type) {
    type = ModelInvocations<M>.self
    isSpecialized = false
    isModel = true
    asyncOperations = M.operations.filter(\.isAsync).map(\.name)
    replayProblem = { text in
      if case .failure(let problem) = Exploration<M>.replayed(text) { return problem.text }
      return nil
    }
    runner = { spec, wrapper, milestone in
      if let strategy = spec.strategy {
        return ControlledTrial<M>.run(spec, strategy: strategy, milestone: milestone)
      }
      func open<W: Wrapper>(_: W.Type) -> TrialResult {
        ModelTrial<M>.run(spec, W.self, milestone: milestone)
      }
      return open(wrapper)
    }
    taskRunner = { spec, wrapper, milestone in
      func open<A: AsyncWrapper>(_: A.Type) -> TrialResult {
        ModelTrial<M>.run(spec, A.self, milestone: milestone)
      }
      return open(wrapper)
    }
  }

  @usableFromInline
  static func generic<S: StressSubject>(
    _ spec: TrialSpec, _ subject: SubjectMaker<S>, _ wrapper: any AsyncWrapper.Type,
    _ milestone: @escaping @Sendable (Trial.Milestone) -> Void
  ) -> TrialResult {
    func open<A: AsyncWrapper>(_ a: A.Type) -> TrialResult {
      Trial.runTasks(spec, subject, A.self, milestone: milestone)
    }
    return open(wrapper)
  }

  /// Opens the wrapper type: generic dispatch, for wrappers the entry was not compiled for.
  @usableFromInline
  static func generic<S: StressSubject>(
    _ spec: TrialSpec, _ subject: SubjectMaker<S>, _ wrapper: any Wrapper.Type,
    _ milestone: @escaping @Sendable (Trial.Milestone) -> Void
  ) -> TrialResult {
    func open<W: Wrapper>(_ w: W.Type) -> TrialResult {
      Trial.run(spec, subject, W.self, milestone: milestone)
    }
    return open(wrapper)
  }

  package var info: SubjectInfo { type.info }

  package func run(
    _ spec: TrialSpec, _ wrapper: any Wrapper.Type,
    _ milestone: @escaping @Sendable (Trial.Milestone) -> Void
  ) -> TrialResult {
    runner(spec, wrapper, milestone)
  }

  func run(
    _ spec: TrialSpec, _ wrapper: any AsyncWrapper.Type,
    _ milestone: @escaping @Sendable (Trial.Milestone) -> Void
  ) -> TrialResult {
    taskRunner(spec, wrapper, milestone)
  }
}
