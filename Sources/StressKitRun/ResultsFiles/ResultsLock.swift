import StressPlatform
import Synchronization

/// Holds a run's trial CSV exclusively for as long as the run writes it (an advisory flock), so
/// a second run or `--resume` aimed at the same file is refused instead of interleaving rows.
package final class ResultsLock {
  package let path: String
  private let descriptor: Int32

  /// The file is another run's.
  package struct Busy: Error, CustomStringConvertible {
    package var path: String
    package var holder: Int32?
    package var description: String {
      "'\(path)' is being written by another stress run"
        + (holder.map { " (pid \($0))" } ?? "")
        + "; wait for it to finish, or give another '--out'"
    }
  }

  /// The files this process holds, by identity: its own writers skip them when they look for
  /// another process's lock.
  private static let held = Mutex<Set<String>>([])
  private let identity: String?

  /// Takes the lock, creating the file if `create` (a new run) or requiring it (a resume).
  package init(path: String, create: Bool) throws {
    self.path = path
    do {
      descriptor = try Platform.lockExclusively(path, create: create)
    } catch let busy as Platform.FileBusy {
      throw Busy(path: path, holder: busy.holder)
    } catch {
      throw CSVFile.WriteError(description: "cannot write results to '\(path)': \(error)")
    }
    identity = descriptor >= 0 ? Platform.fileIdentity(path) : nil
    if let identity { _ = Self.held.withLock { $0.insert(identity) } }
  }

  deinit {
    if let identity { _ = Self.held.withLock { $0.remove(identity) } }
    if descriptor >= 0 { Platform.closeDescriptor(descriptor) }
  }

  /// Refuses to write over `path` while another run holds it: every writer (a report, a
  /// merge, a summary, a benchmark CSV) asks before it replaces or truncates a file.
  package static func refuseIfHeld(_ path: String) throws {
    if let identity = Platform.fileIdentity(path), held.withLock({ $0.contains(identity) }) {
      return
    }
    if let busy = Platform.foreignLock(path) { throw Busy(path: path, holder: busy.holder) }
  }
}
