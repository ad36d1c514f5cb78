import Testing

@testable import StressKit

/// The backtracer's report, as a crashing worker prints it, read back into a crash's detail.
@Suite struct CrashReportTests {
  /// What a worker's stderr holds after a fatal error, trimmed to the fields that are read.
  static func printed(_ frames: [String]) -> [UInt8] {
    let json =
      #"{ "timestamp": "2026-12-01T19:36:56Z", "kind": "crashReport", "description": "Illegal instruction", "#
      + #""threads": [ { "name": "other", "frames": [ { "kind": "programCounter", "description": "futex_wait + 9", "image": "libc.so.6" } ] }, "#
      + #"{ "name": "worker", "crashed": true, "frames": [ "# + frames.joined(separator: ", ")
      + #", { "kind": "truncated" } ] } ], "backtraceTime": 0.013 }"#
    return Array(
      ("StressKit/SelfTestCrash.swift:11: Fatal error: deliberate trap\n\n"
        + "*** Signal 4: Backtracing from 0x7fc3c68f9361... done ***\n\n" + json + "\n").utf8)
  }

  static func frame(_ description: String, _ image: String, thunk: Bool = false) -> String {
    #"{ "kind": "returnAddress", "address": "0x1", "description": "\#(description)", "image": "\#(image)""#
      + (thunk ? #", "thunk": true }"# : " }")
  }

  @Test func namesTheCrashingThreadsFirstFramesPastTheFailureMachinery() throws {
    let report = try #require(
      CrashReport(
        Self.printed([
          Self.frame("_assertionFailure(_:_:file:line:flags:) + 225", "libswiftCore.so"),
          Self.frame("SelfTestCrash.write(_:) + 152", "stress"),
          Self.frame("partial apply for closure #1 in Trial.run() + 15", "stress", thunk: true),
          Self.frame("Unprotected.write<A>(_:_:) + 40", "stress"),
          Self.frame("Trial.run() + 99", "stress"),
          Self.frame("main + 72", "stress"),
        ])))
    #expect(
      report.summary
        == "in SelfTestCrash.write(_:) (stress) <- Unprotected.write<A>(_:_:) (stress) "
        + "<- Trial.run() (stress)")
  }

  @Test func anAbortIsNamedByWhatCalledIt() throws {
    let report = try #require(
      CrashReport(
        Self.printed([
          Self.frame("__pthread_kill_implementation + 271", "libc.so.6"),
          Self.frame("raise + 18", "libc.so.6"),
          Self.frame("abort + 211", "libc.so.6"),
          Self.frame("malloc_printerr + 26", "libc.so.6"),
          Self.frame("_int_free + 1234", "libc.so.6"),
          Self.frame("swift_release + 50", "libswiftCore.so"),
        ])))
    #expect(report.frames.first == CrashReport.Frame(name: "_int_free", image: "libc.so.6"))
  }

  @Test func aColdPathIsItsFunctions() throws {
    let report = try #require(
      CrashReport(
        Self.printed([
          Self.frame("CFCharacterSetAddCharactersInString.cold.1 + 28", "libFoundation.so"),
          Self.frame("NSMutableCharacterSet.addCharacters(in:) + 109", "libFoundation.so"),
        ])))
    #expect(
      report.summary
        == "in CFCharacterSetAddCharactersInString (libFoundation.so) "
        + "<- NSMutableCharacterSet.addCharacters(in:) (libFoundation.so)")
  }

  @Test func onlyMachineryIsStillAPlace() throws {
    let report = try #require(
      CrashReport(Self.printed([Self.frame("abort + 211", "libc.so.6")])))
    #expect(report.summary == "in abort (libc.so.6)")
  }

  @Test func noReportOrAGarbledOneIsNone() {
    #expect(CrashReport(Array("Fatal error: x\n".utf8)) == nil)
    #expect(CrashReport(Array(#"{ "kind": "crashReport", "threads": [ {"#.utf8)) == nil)
    #expect(CrashReport(Self.printed([])) == nil)
  }

  @Test func theBacktracersLinesNeverPassForTheWorkersMessage() {
    var printed = Array("*** Signal 11: Backtracing from 0x0... done ***\n".utf8)
    printed += Self.printed([Self.frame("f + 1", "stress")]).drop { $0 != UInt8(ascii: "*") }
    #expect(WorkerProcess.firstLine(printed) == nil)
    #expect(
      WorkerProcess.firstLine(Self.printed([]))
        == "StressKit/SelfTestCrash.swift:11: Fatal error: deliberate trap")
  }
}
