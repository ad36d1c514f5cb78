// libFuzzer entry points for the two parsers that read what people type (scripts/fuzz.sh).
// Built into one module with StressKit and StressCLI, so internal parsers are reachable.
import Foundation

#if FUZZ_SUITE
  /// Suite files: any bytes must give a suite or a PlanError, never a crash.
  @_cdecl("LLVMFuzzerTestOneInput")
  public func fuzzSuite(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = try? Suite.parse(Data(bytes: data, count: size), name: "fuzz", source: "fuzz.json")
    return 0
  }
#endif

#if FUZZ_ARGUMENTS
  let fuzzCatalog = Catalog.standard

  /// `stress run` arguments, one per line: parsing, option values and plan resolution must
  /// give a plan or a usage error, never a crash. (Nothing is run.)
  @_cdecl("LLVMFuzzerTestOneInput")
  public func fuzzArguments(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let arguments = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard
      let parsed = try? ParsedArguments(
        arguments, specs: RunCommand.options, usage: RunCommand.usage),
      let options = try? RunCommand.options(from: parsed)
    else { return 0 }
    _ = try? Plan(options: options, catalog: fuzzCatalog, suiteDirectories: [])
    return 0
  }
#endif
