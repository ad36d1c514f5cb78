import Foundation
import StressKitCore
import StressKitPlan

/// A trial CSV read back: by `--resume`, `report`, `compare`, `verdicts` and `merge`. Every
/// command that reads results reads them here, so each refuses the same bad files the same way.
package struct ResultsFile: Sendable {
  package var path: String
  /// The whole rows, header excluded; a torn last row (from a killed run) is dropped.
  package var rows: [[String]]
  /// Bytes up to the end of the last whole row.
  package var wholeBytes: Int
  /// Written before the `burst` column existed: read with `burst` 0, but never appended to.
  package var isEarlierVersion = false

  /// A file that cannot be used as results: missing, unreadable, not a trial CSV of this
  /// version, or holding a malformed row (`ResultsFileProblem` words each).
  package struct LoadError: Error, Equatable, CustomStringConvertible {
    package var problem: ResultsFileProblem
    package init(_ problem: ResultsFileProblem) { self.problem = problem }
    package var description: String { problem.description }
  }

  /// Reads and checks `path`: the header must be this version's, and every row well formed.
  package static func load(_ path: String) throws(LoadError) -> ResultsFile {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw LoadError(.missing(path: path))
    }
    guard !isDirectory.boolValue, let data = FileManager.default.contents(atPath: path) else {
      throw LoadError(.unreadable(path: path))
    }
    return try parse([UInt8](data), path: path)
  }

  /// Checks the bytes of a trial CSV as `load` does; `path` names it in messages.
  package static func parse(_ bytes: [UInt8], path: String) throws(LoadError) -> ResultsFile {
    // The file must be UTF-8, but for a character torn at its very end by a killed writer.
    let utf8 = (0...min(3, bytes.count)).contains { torn in
      String(validating: bytes.dropLast(torn), as: UTF8.self) != nil
    }
    guard utf8 else { throw LoadError(.notUTF8(path: path)) }
    let whole = try wholeBytes(bytes, path: path)
    guard let text = String(validating: bytes[..<whole], as: UTF8.self) else {
      throw LoadError(.notUTF8(path: path))
    }
    // A byte-order mark (a spreadsheet's export) and blank lines at the end carry no rows.
    var rows = CSV.parse(text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text)
    while rows.count > 1, rows.last == [""] { rows.removeLast() }
    var earlier = false
    if let first = rows.first, first != ResultColumns.header {
      // A nightly baseline from before a column was added still compares, with the value its
      // trials had (no burst, no forks).
      let missing = ResultColumns.added.filter { !first.contains($0.column) }
      if !missing.isEmpty && first == ResultColumns.header(without: missing.map(\.column)) {
        let filled = ResultColumns.header.map { column in
          (first.firstIndex(of: column), missing.first { $0.column == column }?.earlier ?? "")
        }
        rows =
          [ResultColumns.header]
          + rows.dropFirst().map { row in
            row.count == first.count ? filled.map { at, value in at.map { row[$0] } ?? value } : row
          }
        earlier = true
      }
    }
    guard let header = rows.first, header == ResultColumns.header else {
      throw LoadError(.notThisVersion(path: path, why: why(rows.first)))
    }
    var file = ResultsFile(path: path, rows: Array(rows.dropFirst()), wholeBytes: whole)
    file.isEarlierVersion = earlier
    for (index, row) in file.rows.enumerated() {
      try file.check(row, line: index + 2)
    }
    // Shards in one file (a merge's) are of one run: the same plan, seed and shard count.
    // Whole runs of other plans may be merged on disjoint cells, so only shards are held to it.
    let sharded = file.rows.filter { !file.value("shard", in: $0).isEmpty }
    for name in ["plan", "run_seed"] {
      var seen = Set<String>()
      let values = sharded.map { file.value(name, in: $0) }.filter {
        !$0.isEmpty && seen.insert($0).inserted
      }
      if values.count > 1 {
        throw LoadError(
          .mixesRuns(path: path, column: name, first: values[0], second: values[1]))
      }
    }
    let counts = Set(file.values("shard").map { Shard($0)?.count ?? 0 })
    if counts.count > 1 {
      throw LoadError(.mixesShardings(path: path, count: counts.count))
    }
    // A trial twice would be counted twice by every report, and could not be resumed.
    var seen: [[String]: Int] = [:]
    for (index, record) in file.records.enumerated() {
      let key = CellKey(record.cell).fields + [String(record.trial)]
      if let first = seen.updateValue(index + 2, forKey: key) {
        throw LoadError(
          .repeatsTrial(path: path, line: index + 2, trial: record.trial, firstLine: first))
      }
    }
    return file
  }

  /// Bytes up to the end of the last whole row. A row is whole once its line break is
  /// written: CRLF as stress writes it, or a bare LF (a file passed through a tool that
  /// rewrote the line ends); one inside a quoted field (a detail of several lines) ends no row.
  ///
  /// Quotes are held to RFC 4180, because a stray one would otherwise quote the rest of the
  /// file into one field, and every later row would look like a torn last one, dropped in
  /// silence and cut away by a resume: a quote opens a field only at its start, and closes
  /// it only before a comma, a line break or the end. A field left open at the end is a torn
  /// row only if it holds no CRLF, which stress writes between rows and never inside one.
  static func wholeBytes(_ bytes: [UInt8], path: String) throws(LoadError) -> Int {
    let (quote, comma, cr, lf) = (UInt8(ascii: "\""), UInt8(ascii: ","), UInt8(13), UInt8(10))
    var whole = 0
    var line = 1
    var quoted = false
    var openedOn = 1
    var rowBreakInside = false
    var fieldStart = true
    var i = 0
    func stray() -> LoadError { LoadError(.strayQuote(path: path, line: line)) }
    while i < bytes.count {
      let byte = bytes[i]
      if quoted {
        if byte == quote {
          let next = i + 1 < bytes.count ? bytes[i + 1] : nil
          if next == quote {
            i += 2
            continue
          }
          guard next == nil || next == comma || next == cr || next == lf else { throw stray() }
          quoted = false
        } else if byte == lf && i > 0 && bytes[i - 1] == cr {
          rowBreakInside = true
        }
      } else if byte == quote {
        guard fieldStart else { throw stray() }
        quoted = true
        openedOn = line
        rowBreakInside = false
      } else if byte == lf {
        whole = i + 1
        line += 1
      }
      fieldStart = !quoted && (byte == comma || byte == lf)
      i += 1
    }
    if quoted && rowBreakInside {
      throw LoadError(.unclosedQuote(path: path, line: openedOn))
    }
    return whole
  }

  /// What is wrong with a header that is not this version's.
  private static func why(_ header: [String]?) -> ResultsFileProblem.Header {
    guard let header, header != [""] else { return .empty }
    if [SummaryColumns.header, SummaryColumns.earlierHeader].contains(header) { return .summary }
    if let missing = ResultColumns.header.first(where: { !header.contains($0) }) {
      return .missingColumn(missing)
    }
    return .differs
  }

  private func check(_ row: [String], line: Int) throws(LoadError) {
    guard row.count == ResultColumns.header.count else {
      throw LoadError(
        .fieldCount(
          path: path, line: line, fields: row.count, header: ResultColumns.header.count))
    }
    let fields = ResultRow(row)
    if let name = ResultColumns.rejected(fields) {
      throw LoadError(.invalidValue(path: path, line: line, column: name, value: fields[name]))
    }
    // A tiny time would make the throughput infinite, or beyond any machine.
    if let ops = Double(fields["ops"]), ops > 0, let seconds = Double(fields["seconds"]),
      !(ops / seconds <= ResultColumns.opsPerSecondLimit)
    {
      throw LoadError(
        .impossibleRate(path: path, line: line, seconds: fields["seconds"], ops: fields["ops"]))
    }
  }

  /// The value of `name` in `row`.
  package func value(_ name: String, in row: [String]) -> String { ResultRow(row)[name] }

  /// Distinct values of column `name`, in first-seen order.
  package func values(_ name: String) -> [String] {
    var seen = Set<String>()
    return rows.map { value(name, in: $0) }.filter { seen.insert($0).inserted }
  }

  /// "collections, mode quick, 1000 ops per thread, swift-6.3.1, 2 cpus, 144 trials of run
  /// 1a2b3c": what a reader needs to judge whether two files compare.
  package var overview: String {
    func joined(_ name: String) -> String { values(name).joined(separator: "+") }
    var budget = ""
    let seconds = joined("seconds_limit")
    if !joined("ops_limit").isEmpty {
      budget = "\(joined("ops_limit")) ops per thread"
      if !seconds.isEmpty { budget += " (protected cells at most \(seconds) s)" }
    } else if !seconds.isEmpty {
      budget = "\(seconds) s per trial"
    }
    let runs = values("run_id")
    return [
      joined("suite"), "mode \(joined("mode"))", budget, joined("toolchain"),
      "\(joined("cpus")) cpus",
      "\(rows.count) trials of run\(runs.count == 1 ? "" : "s") \(runs.joined(separator: ", "))",
    ].filter { !$0.isEmpty }.joined(separator: ", ")
  }

  /// Each row as a trial record, read as the column table says (`ResultColumns.record`).
  package var records: [TrialRecord] { rows.map { ResultColumns.record(ResultRow($0)) } }
}
