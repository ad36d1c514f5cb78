import Foundation

/// Where a worker crashed: the first frames of its crashing thread, as the Swift runtime's
/// backtracer printed them. Workers run with the backtracer on, non-interactive, writing one
/// JSON report to their stderr; the parent reads it back from what the worker printed.
struct CrashReport: Equatable {
  /// One frame: a demangled name without its offset, and the image it is in.
  struct Frame: Equatable {
    var name: String
    var image: String?
  }

  /// The crashing thread's frames, the runtime's own failure machinery left out.
  var frames: [Frame]

  /// The worker's `SWIFT_BACKTRACE`: the crashing thread only, symbol names only (no source
  /// lines, no inline frames), a few frames, as one line of JSON. Measured in `stress bench`.
  static let backtracerSettings =
    "enable=yes,interactive=no,color=no,threads=crashed,registers=none,images=none,"
    + "symbolicate=fast,limit=10,top=0,format=json,output-to=stderr"

  /// How many frames the crash's detail names.
  static let framesShown = 3

  /// The report in `bytes` (what a worker printed), if the backtracer wrote one and it names a
  /// frame.
  init?(_ bytes: some Sequence<UInt8>) {
    let text = String(decoding: Array(bytes), as: UTF8.self)
    guard
      let line = text.split(whereSeparator: \.isNewline).last(where: Self.isReportLine),
      let report = try? JSONDecoder().decode(Report.self, from: Data(line.utf8)),
      let thread = report.threads.first(where: { $0.crashed == true }) ?? report.threads.first
    else { return nil }
    let named = thread.frames.compactMap { raw in Frame(raw).map { (frame: $0, raw: raw) } }
    // Skip the machinery that turns a failure into a signal (fatalError, abort, raise):
    // the place worth naming is what called it. Thunks say nothing a reader wants.
    let useful = named.drop { $0.frame.isFailureMachinery }.filter { $0.raw.thunk != true }
    frames = (useful.isEmpty ? named : Array(useful)).map(\.frame)
    guard !frames.isEmpty else { return nil }
  }

  /// "in __DISPATCH_WAIT_FOR_QUEUE__ (libdispatch.so) <- _dispatch_sync_f_slow (libdispatch.so)
  /// <- ...": the first few frames, innermost first.
  var summary: String {
    "in "
      + frames.prefix(Self.framesShown).map { frame in
        frame.name + (frame.image.map { " (\($0))" } ?? "")
      }.joined(separator: " <- ")
  }

  /// A line the backtracer wrote, rather than the worker: its banner, its JSON report, its
  /// warnings. None of them says why the worker died.
  static func isBacktracerLine(_ line: some StringProtocol) -> Bool {
    line.hasPrefix("*** ") || line.hasPrefix("swift runtime:") || line.hasPrefix("Backtrace took")
      || isReportLine(line)
  }

  private static func isReportLine(_ line: some StringProtocol) -> Bool {
    line.hasPrefix("{") && line.contains("\"crashReport\"")
  }

  // MARK: - The backtracer's JSON, as much of it as is read

  fileprivate struct Report: Decodable {
    var threads: [Thread]
  }

  fileprivate struct Thread: Decodable {
    var crashed: Bool?
    var frames: [RawFrame]
  }

  fileprivate struct RawFrame: Decodable {
    var kind: String
    var description: String?
    var image: String?
    var thunk: Bool?
  }
}

extension CrashReport.Frame {
  /// A frame with a name: the backtracer's description without its "+ offset". Omitted and
  /// truncated markers have none.
  fileprivate init?(_ raw: CrashReport.RawFrame) {
    guard raw.kind != "omittedFrames", raw.kind != "truncated", var name = raw.description
    else { return nil }
    if let plus = name.range(of: " + ", options: .backwards),
      name[plus.upperBound...].allSatisfy(\.isNumber)
    {
      name = String(name[..<plus.lowerBound])
    }
    // The compiler's outlined cold paths ("f.cold.1") are f's own.
    if let cold = name.range(of: ".cold.", options: .backwards),
      name[cold.upperBound...].allSatisfy(\.isNumber)
    {
      name = String(name[..<cold.lowerBound])
    }
    self.init(name: String(name.prefix(120)), image: raw.image)
  }
}

extension CrashReport.Frame {
  /// The Swift runtime's and the C library's ways to stop a process on purpose.
  private static let machinery = [
    "_assertionFailure", "_fatalErrorMessage", "fatalError", "_preconditionFailure",
    "preconditionFailure", "assertionFailure", "swift::fatalError", "swift_reportError",
    "pthread_kill", "raise", "gsignal", "abort", "__GI_raise", "__GI_abort", "__libc_message",
    "__assert_fail", "__assert_fail_base", "__libc_fatal", "malloc_printerr", "__fortify_fail",
    "__stack_chk_fail",
  ]

  fileprivate var isFailureMachinery: Bool {
    let bare = name.hasPrefix("Swift.") ? name.dropFirst(6) : Substring(name)
    return bare.hasPrefix("__pthread_kill")
      || Self.machinery.contains { bare == $0 || bare.hasPrefix($0 + "(") }
  }
}
