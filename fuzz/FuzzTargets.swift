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
      let parsed = try? OptionParser.parse(
        arguments, options: RunCommand.options, usage: RunCommand.usage)
    else { return 0 }
    _ = try? Plan(options: parsed.run, catalog: fuzzCatalog, suiteDirectories: [])
    return 0
  }
#endif

#if FUZZ_RESULTS
  /// Trial CSVs, as `report`, `verdicts`, `compare` and `--resume` read them: any bytes must
  /// give a file or a LoadError, never a crash; and whatever loads must render every report
  /// without a hang and without printing a non-finite number.
  @_cdecl("LLVMFuzzerTestOneInput")
  public func fuzzResults(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let file = try? ResultsFile.parse(bytes, path: "fuzz.csv") else { return 0 }
    let cells = CellStatistics.compute(file.records)
    let summary = RunSummary(cells: cells)
    let comparison = Comparison(baseline: cells, current: cells, threshold: 0.1)
    let report = ComparisonReport(comparison: comparison, baseline: file, current: file)
    let outputs = [
      summary.renderTables(), summary.renderVerdict(), SummaryDocument(cells: cells).json(),
      HTMLReport(title: "fuzz", sources: [file.overview], cells: cells).render(),
      report.text(), report.markdown(), report.json(),
    ]
    // A number that is not finite prints as "inf" or "nan" (JSON spells them as strings): no
    // output may hold one, unless the file itself has the word in its text (an id, a detail),
    // which the reports echo as it is.
    let input = String(decoding: bytes, as: UTF8.self).lowercased()
    for output in outputs {
      let words = output.lowercased().split(whereSeparator: { !$0.isLetter })
      for word in ["inf", "nan"] where !input.contains(word) && words.contains(Substring(word)) {
        fatalError("printed '\(word)': \(output.prefix(2000))")
      }
    }
    return 0
  }
#endif
