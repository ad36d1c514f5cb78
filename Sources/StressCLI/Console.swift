import StressKit
import StressPlatform
import StressReports
import Synchronization

/// Where the command writes: stdout for results and help, stderr for progress and errors.
/// Tests capture both by giving their own.
public struct Console: Sendable {
  /// Prints results and help (stdout).
  public var out: @Sendable (String) -> Void
  /// Prints progress and errors (stderr).
  public var err: @Sendable (String) -> Void
  /// Why the first write to stdout failed, if one did (a full disk, a closed pipe).
  var outputFailure: @Sendable () -> String? = { nil }

  /// A console that hands each text to `out` or `err`, as a test captures them.
  public init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void)
  {
    self.out = out
    self.err = err
  }

  /// The process's stdout and stderr. A write that fails (a full device, a closed pipe, a
  /// stdout closed before the process started) is noted and dropped: it never ends the
  /// process, and the run goes on. What stdout prints has its control characters escaped:
  /// ids and descriptions come from files anyone may have written.
  public static let standard: Console = {
    let failure = Mutex<String?>(nil)
    let closed = Platform.reopenedStandardDescriptors
    var console = Console(
      out: { text in
        if closed.contains(1) {
          failure.withLock { $0 = $0 ?? "it was closed when stress started" }
          return
        }
        let safe = Terminal.safe(text, keeping: Terminal.layout)
        guard !Platform.writeAll(1, Array(safe.utf8)) else { return }
        let reason = Platform.errorMessage()
        failure.withLock { $0 = $0 ?? reason }
      },
      // Progress draws its live line with an escape sequence of its own; what users typed
      // reaches stderr through `error`, which escapes it.
      err: { text in _ = Platform.writeAll(2, Array(text.utf8)) })
    console.outputFailure = { failure.withLock { $0 } }
    return console
  }()

  /// One `Error:` line (what the user typed in it shown safely), then the usage hint.
  func error(_ message: String, usage: String? = nil) {
    var text = "Error: \(Terminal.safe(message))\n"
    if let usage { text += "Usage: \(usage)\n" }
    err(text)
  }
}
