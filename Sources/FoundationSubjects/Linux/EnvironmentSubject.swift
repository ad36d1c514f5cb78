import Foundation
import StressKit

/// The process's environment changed through the C library while other threads read it through
/// Foundation, as a server does when a library it links calls `setenv` (a TLS or locale setup,
/// a test fixture) while requests read `ProcessInfo.processInfo.environment`. Each thread owns
/// four variables: its writes set one to its token or remove it, so the environment's array
/// grows and shrinks under the readers. A read of any thread's variable, through Foundation or
/// `getenv`, must find nothing or a token of that thread. swift-foundation PR 420 put a lock
/// around Foundation's own reads; glibc documents `setenv` as MT-Unsafe, and nothing locks the
/// readers against it. A crash here is the finding.
package final class EnvironmentSubject: StressSubject, @unchecked Sendable {
  package enum Call: String, CaseIterable {
    case foundation = "ProcessInfo.processInfo.environment[name]"
    case getenv = "getenv(name)"
  }

  package static let info = SubjectInfo(
    id: "environment-setenv",
    summary: "setenv and unsetenv from every thread while others read ProcessInfo's environment",
    documented: .unsafe, reference: "glibc's setenv(3): MT-Unsafe const:env",
    sendable: Sendability.of(ProcessInfo.self),
    calls: ["setenv(name, token, 1) and unsetenv(name) (write)"] + Call.allCases.map(\.rawValue),
    inputs: ["names: 4 a thread, STRESS_ENV_<thread>_<0...3>"],
    leavesOut:
      "putenv: it hands glibc the caller's own buffer, which a trial could not free safely; "
      + "clearenv: it removes what the worker itself needs; "
      + "ProcessInfo.processInfo.environment while PATH or HOME change: processinfo reads those, "
      + "and no server changes them while it runs")

  static let slots = 4
  private let threads: Int

  package init(shape: TrialShape) {
    threads = shape.threads
    for thread in 0..<shape.threads {
      for slot in 0..<Self.slots { unsetenv(Self.name(thread: thread, slot: slot)) }
    }
  }

  static func name(thread: Int, slot: Int) -> String { "STRESS_ENV_\(thread)_\(slot)" }

  package func write(_ step: Step) {
    let name = Self.name(thread: step.thread, slot: step.seq % Self.slots)
    if step.random % 4 == 0 {
      unsetenv(name)
    } else {
      setenv(name, String(step.token), 1)
    }
  }

  package func read(_ step: Step) -> String? {
    let thread = Int(step.random % UInt64(threads))
    let name = Self.name(thread: thread, slot: Int(step.random >> 8) % Self.slots)
    let value: String?
    switch Call.allCases[Int(step.random >> 16) % Call.allCases.count] {
    case .foundation: value = ProcessInfo.processInfo.environment[name]
    case .getenv: value = getenv(name).map { String(cString: $0) }
    }
    return Self.check(value, of: name, thread: thread)
  }

  /// Nil if `value`, read from `name` of `thread`, is nothing or a token of that thread.
  package static func check(_ value: String?, of name: String, thread: Int) -> String? {
    guard let value else { return nil }
    return Int(value).flatMap(Token.decode)?.thread == thread
      ? nil : "\(name) reads '\(value)', not a token of thread \(thread)"
  }

  package func check(writesPerThread: [Int]) -> Violations { Violations() }
}
