import Foundation

/// Where the command writes: stdout for results and help, stderr for progress and errors.
/// Tests capture both by giving their own.
public struct Console: Sendable {
  public var out: @Sendable (String) -> Void
  public var err: @Sendable (String) -> Void
  public init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void)
  {
    self.out = out
    self.err = err
  }

  public static let standard = Console(
    out: { text in FileHandle.standardOutput.write(Data(text.utf8)) },
    err: { text in FileHandle.standardError.write(Data(text.utf8)) })

  func error(_ message: String, usage: String? = nil) {
    var text = "Error: \(message)\n"
    if let usage { text += "Usage: \(usage)\n" }
    err(text)
  }
}
