/// Every operation as an actor-isolated method, awaited by N tasks.
public final class ActorWrapper: AsyncWrapper {
  public static let info = WrapperInfo(
    id: "actor", summary: "an actor: operations as isolated methods, awaited by N tasks")

  @usableFromInline let isolation = Isolation()

  public init() {}

  @inlinable
  public func read<S: StressSubject>(_ subject: S, _ step: Step) async -> String? {
    await isolation.read(subject, step)
  }

  @inlinable
  public func write<S: StressSubject>(_ subject: S, _ step: Step) async {
    await isolation.write(subject, step)
  }

  /// The actor itself: it owns no state, it serializes access to the subject.
  @usableFromInline
  actor Isolation {
    @usableFromInline init() {}

    @usableFromInline
    func read<S: StressSubject>(_ subject: S, _ step: Step) -> String? {
      subject.read(step)
    }

    @usableFromInline
    func write<S: StressSubject>(_ subject: S, _ step: Step) {
      subject.write(step)
    }
  }
}
