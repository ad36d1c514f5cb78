// libFuzzer entry points for the parsers and loaders that read what people type or hand back
// (scripts/fuzz.sh).
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
    let digest = RunDigest(
      cells, context: RunDigest.Context(files: [file], readSharing: ["rw-barrier"]))
    let summary = SummaryText(digest)
    let comparison = Comparison(baseline: cells, current: cells, threshold: 0.1)
    let news = EnvironmentNews(
      baseline: file, current: file, baselineDigest: digest, currentDigest: digest)
    let report = ComparisonReport(
      comparison: comparison, news: news, baseline: file, current: file)
    let outputs = [
      summary.renderTables(), summary.renderVerdict(), SummaryDocument(digest).json(),
      HTMLReport(title: "fuzz", sources: [file.overview], digest: digest).render(),
      JUnitWriter.render(digest, name: "fuzz"),
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

#if FUZZ_TREND || FUZZ_MERGE || FUZZ_COMPARE
  /// The input as several trial CSVs: the files are separated by a line of one `\u{1E}` (the
  /// record separator), so one input can hand a loader two runs, or three shards.
  func fuzzFiles(_ data: UnsafePointer<UInt8>, _ size: Int) -> [ResultsFile] {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    return bytes.split(separator: 0x1E, omittingEmptySubsequences: false).prefix(4).enumerated()
      .compactMap { i, part in try? ResultsFile.parse(Array(part), path: "fuzz\(i).csv") }
  }

  /// Fails the run where `outputs` print a non-finite number the input did not hold as text.
  func expectFinite(_ outputs: [String], input: UnsafePointer<UInt8>, _ size: Int) {
    let text = String(decoding: UnsafeBufferPointer(start: input, count: size), as: UTF8.self)
      .lowercased()
    for output in outputs {
      let words = output.lowercased().split(whereSeparator: { !$0.isLetter })
      for word in ["inf", "nan"] where !text.contains(word) && words.contains(Substring(word)) {
        fatalError("printed '\(word)': \(output.prefix(2000))")
      }
    }
  }
#endif

#if FUZZ_TREND
  /// `stress trend` over the runs an input holds: text, CSV, JSON and the HTML page, finite.
  @_cdecl("LLVMFuzzerTestOneInput")
  public func fuzzTrend(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let files = fuzzFiles(data, size)
    guard !files.isEmpty else { return 0 }
    let trend = Trend(files)
    expectFinite(
      [trend.text(), trend.csv(), trend.json(), TrendPage(title: "fuzz", trend: trend).render()],
      input: data, size)
    return 0
  }
#endif

#if FUZZ_MERGE
  /// `stress merge` of the shards an input holds: a merge or its refusal, never a crash; a
  /// merge keeps every row of every file it took.
  @_cdecl("LLVMFuzzerTestOneInput")
  public func fuzzMerge(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let files = fuzzFiles(data, size)
    guard let merged = try? ResultsMerge(files) else { return 0 }
    let rows = files.reduce(0) { $0 + $1.rows.count }
    if merged.rows.count != rows { fatalError("merged \(merged.rows.count) of \(rows) rows") }
    return 0
  }
#endif

#if FUZZ_COMPARE
  /// `stress compare` of the first two runs an input holds, which need not match: every
  /// report finishes and prints no non-finite number.
  @_cdecl("LLVMFuzzerTestOneInput")
  public func fuzzCompare(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let files = fuzzFiles(data, size)
    guard files.count >= 2 else { return 0 }
    let baseline = CellStatistics.compute(files[0].records)
    let current = CellStatistics.compute(files[1].records)
    let comparison = Comparison(baseline: baseline, current: current, threshold: 0.1)
    let digests = [(files[0], baseline), (files[1], current)].map { file, cells in
      RunDigest(cells, context: RunDigest.Context(files: [file], readSharing: ["rw-barrier"]))
    }
    let news = EnvironmentNews(
      baseline: files[0], current: files[1], baselineDigest: digests[0],
      currentDigest: digests[1])
    let report = ComparisonReport(
      comparison: comparison, news: news, baseline: files[0], current: files[1])
    expectFinite([report.text(), report.markdown(), report.json()], input: data, size)
    return 0
  }
#endif
