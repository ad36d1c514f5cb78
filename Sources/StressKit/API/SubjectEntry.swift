/// A subject type, with its trial runner specialized for it.
///
/// Made by `Catalog.add(_:)`, which is inlinable: in the module that adds a subject, the
/// subject is a concrete type, so the trial loop is compiled for it and for each standard
/// wrapper, with direct calls. A wrapper from elsewhere still works, through generic dispatch.
@usableFromInline
package struct SubjectEntry: Sendable {
  @usableFromInline package let type: any StressSubject.Type
  @usableFromInline let runner:
    @Sendable (TrialSpec, any Wrapper.Type, @escaping @Sendable (Trial.Milestone) -> Void) ->
      TrialResult
  @usableFromInline let taskRunner:
    @Sendable (TrialSpec, any AsyncWrapper.Type, @escaping @Sendable (Trial.Milestone) -> Void) ->
      TrialResult

  @inlinable
  package init<S: StressSubject>(_ subject: S.Type) {
    type = subject
    runner = { spec, wrapper, milestone in
      switch wrapper {
      case is Unprotected.Type: Trial.run(spec, S.self, Unprotected.self, milestone: milestone)
      case is LockWrapper.Type: Trial.run(spec, S.self, LockWrapper.self, milestone: milestone)
      case is SerialQueueWrapper.Type:
        Trial.run(spec, S.self, SerialQueueWrapper.self, milestone: milestone)
      case is RWBarrierWrapper.Type:
        Trial.run(spec, S.self, RWBarrierWrapper.self, milestone: milestone)
      case is MutexWrapper.Type: Trial.run(spec, S.self, MutexWrapper.self, milestone: milestone)
      case is RWLockWrapper.Type: Trial.run(spec, S.self, RWLockWrapper.self, milestone: milestone)
      case is SemaphoreWrapper.Type:
        Trial.run(spec, S.self, SemaphoreWrapper.self, milestone: milestone)
      default: Self.generic(spec, S.self, wrapper, milestone)
      }
    }
    taskRunner = { spec, wrapper, milestone in
      switch wrapper {
      case is ActorWrapper.Type:
        Trial.runTasks(spec, S.self, ActorWrapper.self, milestone: milestone)
      default: Self.generic(spec, S.self, wrapper, milestone)
      }
    }
  }

  /// A model test's entry: its trials are `ModelTrial`'s, under any wrapper.
  package init<M: ModelTest>(model: M.Type) {
    type = ModelInvocations<M>.self
    runner = { spec, wrapper, milestone in
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
    _ spec: TrialSpec, _ subject: S.Type, _ wrapper: any AsyncWrapper.Type,
    _ milestone: @escaping @Sendable (Trial.Milestone) -> Void
  ) -> TrialResult {
    func open<A: AsyncWrapper>(_ a: A.Type) -> TrialResult {
      Trial.runTasks(spec, S.self, A.self, milestone: milestone)
    }
    return open(wrapper)
  }

  /// Opens the wrapper type: generic dispatch, for wrappers the entry was not compiled for.
  @usableFromInline
  static func generic<S: StressSubject>(
    _ spec: TrialSpec, _ subject: S.Type, _ wrapper: any Wrapper.Type,
    _ milestone: @escaping @Sendable (Trial.Milestone) -> Void
  ) -> TrialResult {
    func open<W: Wrapper>(_ w: W.Type) -> TrialResult {
      Trial.run(spec, S.self, W.self, milestone: milestone)
    }
    return open(wrapper)
  }

  package var info: SubjectInfo { type.info }

  func run(
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
