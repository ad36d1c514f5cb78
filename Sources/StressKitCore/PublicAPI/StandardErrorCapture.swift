import Foundation
import StressPlatform

/// This process's standard error sent to a file for a while, for a subject whose type under
/// test writes there (NSLog, a logger): from the first `begin` until as many `end`s. Captures
/// are counted, not nested, so instances alive together share one file. A crash's report still
/// reaches the runner; a fatal error's message while it lasts goes to the file.
public final class StandardErrorCapture: @unchecked Sendable {
  /// The file standard error goes to.
  public let path: String
  private let lock = NSLock()
  private var users = 0
  private var saved: Int32?

  /// A capture into `path`, not yet begun.
  public init(path: String) {
    self.path = path
  }

  /// Starts the capture if it is not running (making the file, and its folder if need be);
  /// false if standard error could not be moved.
  @discardableResult
  public func begin() -> Bool {
    lock.lock()
    defer { lock.unlock() }
    if users == 0 {
      try? FileManager.default.createDirectory(
        atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      guard let fd = Platform.redirectStandardError(to: path) else { return false }
      saved = fd
    }
    users += 1
    return true
  }

  /// Ends one `begin`; the last gives standard error back, removes the file, and returns true.
  @discardableResult
  public func end() -> Bool {
    lock.lock()
    defer { lock.unlock() }
    guard users > 0 else { return false }
    users -= 1
    guard users == 0, let fd = saved else { return false }
    Platform.restoreStandardError(fd)
    saved = nil
    try? FileManager.default.removeItem(atPath: path)
    return true
  }

  /// What the file holds now.
  public func captured() -> Data {
    (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data()
  }
}
