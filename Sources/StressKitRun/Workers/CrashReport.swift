import Foundation
import StressPlatform

/// Where a worker crashed: the first frames of its crashing thread, named. A worker started
/// with `Worker.crashReportFlag` writes, from its signal handler, the fault's address and its
/// callers' and its executable mappings (`Platform.reportCrashes`); the runner reads them back
/// from what the worker printed, and names each address from the mapped file's symbols.
struct CrashReport: Equatable {
  /// One frame: a function's name, shortened for reading, and the file it is in.
  struct Frame: Equatable {
    var name: String
    var image: String?
  }

  /// The crashing thread's frames, innermost first, the failure machinery left out.
  var frames: [Frame]
  /// Where the fault itself is: the mapped file and the offset in it.
  var fault: (path: String, fileOffset: UInt64)?

  static func == (a: CrashReport, b: CrashReport) -> Bool {
    a.frames == b.frames && a.fault?.path == b.fault?.path
      && a.fault?.fileOffset == b.fault?.fileOffset
  }

  /// How many frames the crash's detail names.
  static let framesShown = 3
  static let framesMarker = "stress-crash-frames: "
  static let mapMarker = "stress-crash-map: "

  /// An executable mapping, as /proc/self/maps gave it.
  struct Mapping: Equatable {
    var start: UInt64
    var end: UInt64
    var offset: UInt64
    var path: String

    /// "7f10890be000-7f10890d3000 r-xp 00034000 08:01 123456 /usr/lib/libdispatch.so".
    init?(_ line: some StringProtocol) {
      let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
      guard fields.count == 6 else { return nil }
      let range = fields[0].split(separator: "-")
      guard range.count == 2, let start = UInt64(range[0], radix: 16),
        let end = UInt64(range[1], radix: 16), let offset = UInt64(fields[2], radix: 16)
      else { return nil }
      self.start = start
      self.end = end
      self.offset = offset
      path = fields[5].trimmingCharacters(in: .whitespaces)
    }
  }

  /// The report in `bytes` (what a worker printed), with `name` finding a function's symbol
  /// at an offset in a file; nil if there is none or no frame could be named.
  init?(
    _ bytes: some Sequence<UInt8>,
    name: (String, UInt64) -> String? = { SymbolTable.of($0)?.function(atFileOffset: $1) }
  ) {
    let lines = String(decoding: Array(bytes), as: UTF8.self).split(whereSeparator: \.isNewline)
    guard let framesLine = lines.last(where: { $0.hasPrefix(Self.framesMarker) }) else {
      return nil
    }
    let addresses = framesLine.dropFirst(Self.framesMarker.count).split(separator: " ")
      .compactMap { UInt64($0.dropFirst(2), radix: 16) }
    let mappings = lines.filter { $0.hasPrefix(Self.mapMarker) }
      .compactMap { Mapping($0.dropFirst(Self.mapMarker.count)) }
    fault = addresses.first.flatMap { address in
      mappings.first { address >= $0.start && address < $0.end }
        .map { ($0.path, address - $0.start + $0.offset) }
    }
    let named = addresses.enumerated().compactMap { i, address -> Frame? in
      // A caller's address is where it returns to, which may be past its call's function.
      let lookup = i == 0 ? address : address &- 1
      guard let map = mappings.first(where: { lookup >= $0.start && lookup < $0.end }) else {
        return nil
      }
      let image = (map.path as NSString).lastPathComponent
      guard let symbol = name(map.path, lookup - map.start + map.offset) else {
        return Frame(name: "0x" + String(lookup - map.start + map.offset, radix: 16), image: image)
      }
      return Frame(name: Self.readable(symbol), image: image)
    }
    // Skip the machinery that turns a failure into a signal (fatalError, abort, raise): the
    // place worth naming is what called it. Thunks say nothing a reader wants.
    let useful = named.drop(while: \.isFailureMachinery).filter { !$0.isThunk }
    frames = useful.isEmpty ? named : Array(useful)
    guard !frames.isEmpty else { return nil }
  }

  /// The message of a Swift runtime check that trapped at the fault without printing one
  /// ("Swift runtime failure: arithmetic overflow"), from the file's debug information.
  var runtimeFailure: String? {
    guard let fault, let table = SymbolTable.of(fault.path), table.hasDebugInformation,
      let address = table.address(atFileOffset: fault.fileOffset)
    else { return nil }
    return Platform.runtimeFailure(in: fault.path, at: address)
  }

  /// "in __DISPATCH_WAIT_FOR_QUEUE__ (libdispatch.so) <- _dispatch_sync_f_slow (libdispatch.so)
  /// <- ...": the first few frames, innermost first.
  var summary: String {
    "in "
      + frames.prefix(Self.framesShown).map { frame in
        frame.name + (frame.image.map { " (\($0)" + ")" } ?? "")
      }.joined(separator: " <- ")
  }

  /// A line the crash report wrote, rather than the worker: none says why the worker died.
  static func isReportLine(_ line: some StringProtocol) -> Bool {
    line.hasPrefix(framesMarker) || line.hasPrefix(mapMarker)
  }

  /// A symbol as a person reads it: demangled, without modules, parameter types or the
  /// result type ("NSCondition.wait(until:)"), a C function's name without its compiler-made
  /// ".cold.1" suffix.
  static func readable(_ symbol: String) -> String {
    var symbol = symbol
    if let cold = symbol.range(of: ".cold.", options: .backwards),
      symbol[cold.upperBound...].allSatisfy(\.isNumber)
    {
      symbol = String(symbol[..<cold.lowerBound])
    }
    guard let demangled = Platform.demangle(symbol) else { return symbol }
    // Identical functions folded into one are still that function.
    var text = demangled.hasPrefix("merged ") ? String(demangled.dropFirst(7)) : demangled
    text = text.replacingOccurrences(
      of: #"generic specialization <.*?> of "#, with: "specialized ", options: .regularExpression)
    // "<A where A: StressSubject>" -> "<A>".
    text = text.replacingOccurrences(
      of: #"<([^<>]*?) where [^<>]*>"#, with: "<$1>", options: .regularExpression)
    text = withoutResultType(text)
    text = withLabelsOnly(text)
    // "Foundation.NSCondition" -> "NSCondition": the first part of a qualified name.
    text = text.replacingOccurrences(
      of: #"(^|[\s<(\[,:])[A-Za-z_][A-Za-z0-9_]*\.(?=[A-Za-z_])"#, with: "$1",
      options: .regularExpression)
    return String(text.prefix(120))
  }

  /// The text before its last " -> " outside parentheses and angle brackets.
  private static func withoutResultType(_ text: String) -> String {
    var depth = 0
    var cut: String.Index?
    var i = text.startIndex
    while i < text.endIndex {
      switch text[i] {
      case "(", "<", "[": depth += 1
      case ")", ">", "]": depth -= 1
      case "-" where text[i...].hasPrefix("->"):
        // An arrow's ">" closes nothing.
        if depth == 0 && i > text.startIndex { cut = text.index(before: i) }
        i = text.index(after: i)
      default: break
      }
      i = text.index(after: i)
    }
    guard let cut, text[cut] == " " else { return text }
    return String(text[..<cut])
  }

  /// "(until: Foundation.Date, _: Swift.Int)" at the end becomes "(until:_:)".
  private static func withLabelsOnly(_ text: String) -> String {
    guard text.hasSuffix(")") else { return text }
    var depth = 0
    var open = text.endIndex
    for i in text.indices.reversed() {
      if text[i] == ")" { depth += 1 }
      if text[i] == "(" {
        depth -= 1
        if depth == 0 {
          open = i
          break
        }
      }
    }
    guard open < text.endIndex else { return text }
    let inner = text[text.index(after: open)..<text.index(before: text.endIndex)]
    guard !inner.isEmpty else { return text }
    var parameters: [Substring] = []
    var start = inner.startIndex
    depth = 0
    var previous: Character = " "
    for i in inner.indices {
      defer { previous = inner[i] }
      switch inner[i] {
      case "(", "<", "[": depth += 1
      case ">" where previous == "-": break
      case ")", ">", "]": depth -= 1
      case "," where depth == 0:
        parameters.append(inner[start..<i])
        start = inner.index(after: i)
      default: break
      }
    }
    parameters.append(inner[start...])
    let labels = parameters.map { parameter -> String in
      let trimmed = parameter.trimmingCharacters(in: .whitespaces)
      if let colon = trimmed.firstIndex(of: ":"),
        trimmed[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
      {
        return trimmed[..<colon] + ":"
      }
      return "_:"
    }
    return text[..<open] + "(" + labels.joined() + ")"
  }
}

extension CrashReport.Frame {
  /// The Swift runtime's and the C library's ways to stop a process on purpose.
  private static let machinery = [
    "_assertionFailure", "_fatalErrorMessage", "fatalError", "_preconditionFailure",
    "preconditionFailure", "assertionFailure", "swift::fatalError", "swift_reportError",
    "pthread_kill", "raise", "gsignal", "abort", "__GI_raise", "__GI_abort", "__libc_message",
    "__assert_fail", "__assert_fail_base", "__libc_fatal", "malloc_printerr", "__fortify_fail",
    "__stack_chk_fail", "__restore_rt",
  ]

  fileprivate var isFailureMachinery: Bool {
    let bare = name.hasPrefix("Swift.") ? name.dropFirst(6) : Substring(name)
    return bare.hasPrefix("__pthread_kill")
      || Self.machinery.contains { bare == $0 || bare.hasPrefix($0 + "(") }
  }

  fileprivate var isThunk: Bool {
    [
      "partial apply for ", "reabstraction thunk", "thunk for ", "protocol witness for ",
    ].contains {
      name.hasPrefix($0)
    }
  }
}
