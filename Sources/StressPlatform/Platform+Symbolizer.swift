import Foundation
import Synchronization

extension Platform {
  /// Answers already given, by "path@address": a crashing cell traps at one place, trial after
  /// trial, and each answer costs a process.
  private static let runtimeFailures = Mutex<[String: String?]>([:])

  /// The message of the Swift runtime check that trapped at `address` (a virtual address in the
  /// ELF file at `path`): "Swift runtime failure: arithmetic overflow". Such a trap (an
  /// overflow; in optimized code a force-unwrap of nil or an index out of range too) prints
  /// nothing, and only the debug information names it, as an inlined frame. Asked of the
  /// toolchain's `llvm-symbolizer`, once per place; nil where it is not found, the file has no
  /// debug information, or it takes over 3 seconds.
  package static func runtimeFailure(in path: String, at address: UInt64) -> String? {
    let key = "\(path)@\(address)"
    if let known = runtimeFailures.withLock({ $0[key] }) { return known }
    let answer = symbolizer().flatMap { ask($0, path: path, address: address) }
    runtimeFailures.withLock { $0[key] = answer }
    return answer
  }

  /// `llvm-symbolizer` on PATH, or beside the `swift` found there (the toolchain's own).
  private static func symbolizer() -> String? {
    let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
      .map(String.init)
    for directory in directories where !directory.isEmpty {
      let candidate = directory + "/llvm-symbolizer"
      if access(candidate, X_OK) == 0 { return candidate }
      let swift = directory + "/swift"
      if access(swift, X_OK) == 0,
        let real = try? FileManager.default.destinationOfSymbolicLink(atPath: swift)
      {
        let resolved = real.hasPrefix("/") ? real : directory + "/" + real
        let beside = (resolved as NSString).deletingLastPathComponent + "/llvm-symbolizer"
        if access(beside, X_OK) == 0 { return beside }
      }
    }
    return nil
  }

  private static func ask(_ symbolizer: String, path: String, address: UInt64) -> String? {
    guard
      let child = try? spawn(
        executable: symbolizer,
        arguments: ["--obj=\(path)", "--inlining", "0x" + String(address, radix: 16)],
        environment: ["PATH": "/usr/bin:/bin"])
    else { return nil }
    Platform.closeDescriptor(child.input)
    Platform.closeDescriptor(child.results)
    var output: [UInt8] = []
    var ended = false
    let end = monotonicNanos() &+ 3_000_000_000
    while monotonicNanos() < end, output.count < 65_536 {
      guard !waitReadable([child.diagnostics], milliseconds: 100).isEmpty else { continue }
      guard let chunk = readSome(child.diagnostics), !chunk.isEmpty else {
        ended = true
        break
      }
      output += chunk
    }
    Platform.closeDescriptor(child.diagnostics)
    // It closed its output, so it is exiting; one that did not in time is killed.
    if !ended { killHard(child.pid) }
    _ = wait(child.pid)
    // The innermost frame comes first; a runtime check's is named for its failure.
    let first = String(decoding: output, as: UTF8.self).split(whereSeparator: \.isNewline).first
    guard let first, first.hasPrefix("Swift runtime failure: ") else { return nil }
    return String(first.prefix(300))
  }
}
