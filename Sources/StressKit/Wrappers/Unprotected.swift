/// No protection: every thread calls the subject directly. Its failures are findings.
public final class Unprotected: Wrapper {
  public static let info = WrapperInfo(
    id: "unprotected", summary: "no protection: threads call the subject directly",
    isProtected: false)

  public init() {}

  @inlinable @inline(__always)
  public func read<S: StressSubject>(_ subject: S, _ step: Step) -> String? {
    subject.read(step)
  }

  @inlinable @inline(__always)
  public func write<S: StressSubject>(_ subject: S, _ step: Step) {
    subject.write(step)
  }
}
