import Foundation
import StressPlatform
import Synchronization

/// The runner's side of the fork server: a zygote, a process of the same executable kept
/// single-threaded for the purpose, forks each fresh worker, so a worker costs a fork, not an
/// exec and the runtime's and Foundation's start-up (`stress bench`).
///
/// Isolation is as before: every worker is a process of its own, the runner's child (it adopts
/// them as a subreaper, only while a server lives: an orphan adopted and never reaped is a
/// zombie that a `waitid(P_ALL)` of the process's, such as Swift Testing's exit tests, sees
/// for ever), dying with it. The zygote runs no subject code: it forks before a
/// worker reads its first trial. If it dies, the next worker comes from a new one; where none
/// can serve (another system, a sanitizer's threads, a start that fails twice running), workers
/// are started by exec as before.
final class ForkServer {
  /// How long a zygote may take to start, and to answer a request.
  static let startMilliseconds: Int32 = 30_000
  static let answerMilliseconds: Int32 = 10_000

  private let executable: String
  private let environment: [String: String]
  private var zygote: (pid: Int32, control: Int32)?
  /// Starts that failed in a row; after two, workers are exec'ed.
  private var failedStarts = 0
  private(set) var refused = false
  /// Workers forked so far, and zygotes started (for tests and `stress bench`).
  private(set) var forked = 0
  private(set) var started = 0

  /// A server for `executable`, which must route `Zygote.command` to `Zygote.serve`; nil where the
  /// system has no fork server or the runner cannot adopt its workers.
  init?(executable: String, environment: [String: String]) {
    guard Platform.hasForkServer, Self.adopt() else { return nil }
    self.executable = executable
    self.environment = environment
  }

  deinit {
    stop()
    Self.release()
  }

  /// Servers alive in this process: it adopts orphans while there is one.
  private static let servers = Mutex(0)

  private static func adopt() -> Bool {
    servers.withLock { count in
      guard count > 0 || Platform.setSubreaper(true) else { return false }
      count += 1
      return true
    }
  }

  private static func release() {
    servers.withLock { count in
      count -= 1
      if count == 0 { _ = Platform.setSubreaper(false) }
    }
  }

  /// The zygote's pid, if one is running.
  var zygotePID: Int32? { zygote?.pid }

  /// A fresh worker from the zygote, with `flags` (`Zygote.Flags`); nil if the zygote cannot
  /// give one, and the caller starts it by exec.
  func launch(flags: Zygote.Flags) -> Platform.Child? {
    guard !refused else { return nil }
    // A zygote that died since its last worker is replaced once per request.
    for _ in 0..<2 {
      guard let server = ensureStarted() else { return nil }
      do {
        let child = try Platform.forkWorker(
          server.control, flags: flags.rawValue, milliseconds: Self.answerMilliseconds)
        forked += 1
        return child
      } catch Platform.SystemError.failed(_, let code, _) where code == EDEADLK {
        // More than one thread in the zygote (a sanitizer's runtime): forking is not safe.
        refused = true
        stop()
        return nil
      } catch {
        stop()
      }
    }
    return nil
  }

  /// Kills the zygote, if one runs; the next launch starts another.
  func stop() {
    guard let server = zygote else { return }
    zygote = nil
    Platform.closeDescriptor(server.control)
    Platform.killHard(server.pid)
    _ = Platform.wait(server.pid)
  }

  private func ensureStarted() -> (pid: Int32, control: Int32)? {
    if let zygote { return zygote }
    guard failedStarts < 2 else { return nil }
    do {
      let pair = try Platform.controlPair()
      let pid: Int32
      do {
        pid = try Platform.spawnServer(
          executable: executable,
          arguments: [Zygote.command, "--parent-pid", String(Platform.processID)],
          environment: environment, control: pair.server)
      } catch {
        Platform.closeDescriptor(pair.runner)
        Platform.closeDescriptor(pair.server)
        throw error
      }
      Platform.closeDescriptor(pair.server)
      zygote = (pid, pair.runner)
      if Platform.serverReady(pair.runner, milliseconds: Self.startMilliseconds) != nil {
        stop()
        failedStarts += 1
        return nil
      }
      failedStarts = 0
      started += 1
      return zygote
    } catch {
      failedStarts += 1
      return nil
    }
  }
}
