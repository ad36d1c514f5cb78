/// No protection: every thread calls the subject directly. Its failures are findings.
@usableFromInline
package final class Unprotected: Wrapper {
  /// Its id and summary, as `stress list` shows them.
  @usableFromInline package static let info = WrapperInfo(
    id: "unprotected", summary: "no protection: threads call the subject directly",
    isProtected: false)

  /// A fresh wrapper, one per trial.
  @usableFromInline package init() {}

  /// Runs the subject's read inside this protection; returns what the read returns.
  @inlinable @inline(__always)
  package func read<S: StressSubject>(_ subject: S, _ step: Step) -> String? {
    subject.read(step)
  }

  /// Runs the subject's write inside this protection.
  @inlinable @inline(__always)
  package func write<S: StressSubject>(_ subject: S, _ step: Step) {
    subject.write(step)
  }
}
