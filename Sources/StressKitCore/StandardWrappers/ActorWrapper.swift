/// Every operation as an actor-isolated method, awaited by N tasks.
@usableFromInline
package final class ActorWrapper: AsyncWrapper {
  /// Its id and summary, as `stress list` shows them.
  @usableFromInline package static let info = WrapperInfo(
    id: "actor", summary: "an actor: operations as isolated methods, awaited by N tasks")

  @usableFromInline let isolation = Isolation()

  /// A fresh wrapper, one per trial.
  @usableFromInline package init() {}

  /// Runs the subject's read inside this protection; returns what the read returns.
  @inlinable
  package func read<S: StressSubject>(_ subject: S, _ step: Step) async -> String? {
    await isolation.read(subject, step)
  }

  /// Runs the subject's write inside this protection.
  @inlinable
  package func write<S: StressSubject>(_ subject: S, _ step: Step) async {
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
