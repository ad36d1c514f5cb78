import Foundation
import Testing

@testable import StressKit
@testable import StressKitRun
@testable import StressPlatform

/// A crashed worker's report (addresses and mappings), read back into a crash's detail.
@Suite struct CrashReportTests {
  /// The memory limit's hint goes on a crash that says an allocation failed, never on one that
  /// says an object was deallocated (a use-after-free, seen in iso8601dateformatter's rows).
  @Test func onlyARefusedAllocationIsBlamedOnTheMemoryLimit() {
    #expect(WorkerProcess.saysAllocationFailed(": Fatal error: could not allocate 16 MiB"))
    #expect(WorkerProcess.saysAllocationFailed(": memory allocation failed"))
    #expect(
      !WorkerProcess.saysAllocationFailed(
        ": Object 0x7f35 of class __NSCFType deallocated with non-zero retain count 2."))
    #expect(!WorkerProcess.saysAllocationFailed(": Fatal error: Index out of range"))
  }

  /// Two mapped files: `stress` at 0x1000 (file offset 0) and `libc.so.6` at 0x9000 (0x2000).
  static let maps = [
    "stress-crash-map: 1000-5000 r-xp 00000000 08:01 11 /build/stress",
    "stress-crash-map: 9000-a000 r-xp 00002000 08:01 12 /lib/libc.so.6",
  ]

  /// What a worker prints before it dies: its message, the frames, its mappings.
  static func printed(_ addresses: [UInt64]) -> [UInt8] {
    let frames = addresses.map { "0x" + String($0, radix: 16) }.joined(separator: " ")
    return Array(
      ([
        "StressKit/SelfTestCrash.swift:11: Fatal error: deliberate trap",
        "stress-crash-frames: "
          + frames,
      ] + maps).joined(separator: "\n").utf8) + [10]
  }

  /// A symbol table by file and offset: each function 0x10 bytes long.
  static func lookup(_ symbols: [String: [UInt64: String]]) -> (String, UInt64) -> String? {
    { path, offset in symbols[path]?[offset & ~0xF] }
  }

  @Test func namesTheFirstFramesPastTheFailureMachinery() throws {
    let name = Self.lookup([
      "/build/stress": [
        0x100: "$ss17_assertionFailure__4file4line5flagss5NeverOs12StaticStringV_SSAHSus6UInt32VtF",
        0x200: "write_frame", 0x300: "partial apply for closure", 0x400: "drive", 0x500: "main",
      ]
    ])
    // The fault itself, then return addresses (looked up one byte back).
    let report = try #require(
      CrashReport(Self.printed([0x1105, 0x1201, 0x1301, 0x1401, 0x1501]), name: name))
    #expect(report.frames.first == CrashReport.Frame(name: "write_frame", image: "stress"))
    #expect(
      report.summary
        == "in write_frame (stress) <- drive (stress) <- main (stress)")
  }

  @Test func aCallersAddressIsLookedUpOneByteBack() throws {
    // 0x1210 returns just past a call at the end of the function at 0x200.
    let name = Self.lookup(["/build/stress": [0x100: "fault", 0x200: "caller", 0x210: "next"]])
    let report = try #require(CrashReport(Self.printed([0x1100, 0x1210]), name: name))
    #expect(report.frames.map(\.name) == ["fault", "caller"])
  }

  @Test func anAbortIsNamedByWhatCalledIt() throws {
    // libc.so.6 maps file offset 0x2000 at 0x9000.
    let name = Self.lookup([
      "/lib/libc.so.6": [
        0x2000: "__pthread_kill_implementation", 0x2100: "raise", 0x2200: "abort",
        0x2300: "malloc_printerr", 0x2400: "_int_free",
      ]
    ])
    let report = try #require(
      CrashReport(Self.printed([0x9001, 0x9101, 0x9201, 0x9301, 0x9401]), name: name))
    #expect(report.frames.first == CrashReport.Frame(name: "_int_free", image: "libc.so.6"))
  }

  @Test func anUnnamedAddressIsItsFileOffset() throws {
    let report = try #require(CrashReport(Self.printed([0x1234]), name: { _, _ in nil }))
    #expect(report.summary == "in 0x234 (stress)")
  }

  @Test func noReportOrNoMappedFrameIsNone() {
    #expect(CrashReport(Array("Fatal error: x\n".utf8)) == nil)
    #expect(CrashReport(Self.printed([0xdead_0000]), name: { _, _ in "f" }) == nil)
  }

  @Test func mappingsAreReadAsProcGivesThem() throws {
    let map = try #require(
      CrashReport.Mapping(
        "7f10890be000-7f10890d3000 r-xp 00034000 08:01 123456   /opt/lib/with space.so"))
    #expect(map.start == 0x7f10_890b_e000 && map.end == 0x7f10_890d_3000)
    #expect(map.offset == 0x34000)
    #expect(map.path == "/opt/lib/with space.so")
    #expect(CrashReport.Mapping("garbage") == nil)
  }

  @Test(arguments: [
    // Swift symbols of this toolchain, as a person reads them.
    (
      "$s10Foundation11NSConditionC4wait5untilSb0A10Essentials4DateV_tF", "NSCondition.wait(until:)"
    ),
    (
      "$s10Foundation15NSConditionLockC4lock13whenCondition6beforeSbSi_0A10Essentials4DateVtF",
      "NSConditionLock.lock(whenCondition:before:)"
    ),
    (
      "$s10Foundation21NSMutableCharacterSetC13addCharacters2inySS_tFTm",
      "NSMutableCharacterSet.addCharacters(in:)"
    ),
    (
      "$ss17_assertionFailure__4file4line5flagss5NeverOs12StaticStringV_SSAHSus6UInt32VtF",
      "_assertionFailure(_:_:file:line:flags:)"
    ),
    // C functions keep their names, without the compiler's cold-path suffix.
    ("__DISPATCH_WAIT_FOR_QUEUE__", "__DISPATCH_WAIT_FOR_QUEUE__"),
    ("CFCharacterSetAddCharactersInString.cold.1", "CFCharacterSetAddCharactersInString"),
  ])
  func symbolsReadAsAPersonReadsThem(symbol: String, readable: String) {
    #expect(CrashReport.readable(symbol) == readable)
  }

  @Test func theReportsLinesNeverPassForTheWorkersMessage() {
    let report = Self.printed([0x1100])
    #expect(
      WorkerProcess.firstLine(report)
        == "StressKit/SelfTestCrash.swift:11: Fatal error: deliberate trap")
    let reportOnly = report.split(separator: 10).dropFirst().joined(separator: [10])
    #expect(WorkerProcess.firstLine(Array(reportOnly)) == nil)
  }

  /// The symbolizer is asked only of a file with debug information, its own or linked to: the
  /// toolchain's libraries have none, and each answer cost a process for nothing.
  @Test(arguments: [
    ([String](), false), ([".debug_info"], true), ([".gnu_debuglink"], true),
    ([".debug_line"], false),
  ])
  func onlyAFileWithDebugInformationIsWorthTheSymbolizer(extra: [String], worth: Bool) throws {
    let path = NSTemporaryDirectory() + "stress-elf-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: path) }
    try Self.elf(sections: [".symtab", ".strtab"] + extra).write(to: URL(fileURLWithPath: path))
    let table = try #require(SymbolTable.of(path))
    #expect(table.hasDebugInformation == worth)
  }

  /// A 64-bit little-endian ELF file of section headers only: a null section, the section
  /// names, then `sections` (".symtab" linked to the next one; the rest empty).
  static func elf(sections: [String]) -> Data {
    let names = ["", ".shstrtab"] + sections
    var strings: [UInt8] = []
    var nameOffsets: [Int] = []
    for name in names {
      nameOffsets.append(strings.count)
      strings += Array(name.utf8) + [0]
    }
    var bytes = [UInt8](repeating: 0, count: 64)
    bytes.replaceSubrange(0..<6, with: [0x7F, 0x45, 0x4C, 0x46, 2, 1])
    func put<T: FixedWidthInteger>(_ value: T, at offset: Int, in target: inout [UInt8]) {
      withUnsafeBytes(of: value.littleEndian) {
        target.replaceSubrange(offset..<offset + $0.count, with: $0)
      }
    }
    let stringsOffset = 64
    let headersOffset = stringsOffset + strings.count
    put(UInt64(headersOffset), at: 0x28, in: &bytes)
    put(UInt16(64), at: 0x3A, in: &bytes)
    put(UInt16(names.count), at: 0x3C, in: &bytes)
    put(UInt16(1), at: 0x3E, in: &bytes)
    bytes += strings
    for (i, name) in names.enumerated() {
      var header = [UInt8](repeating: 0, count: 64)
      let type: UInt32 =
        switch name {
        case "": 0
        case ".symtab": 2
        case ".shstrtab", ".strtab": 3
        default: 1
        }
      put(UInt32(nameOffsets[i]), at: 0, in: &header)
      put(type, at: 4, in: &header)
      if name == ".shstrtab" {
        put(UInt64(stringsOffset), at: 24, in: &header)
        put(UInt64(strings.count), at: 32, in: &header)
      }
      if name == ".symtab" { put(UInt32(i + 1), at: 40, in: &header) }
      bytes += header
    }
    return Data(bytes)
  }
}
