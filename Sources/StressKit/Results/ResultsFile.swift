import Foundation

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
  /// version, or holding a malformed row.
  package struct LoadError: Error, Equatable, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
  }

  /// Reads and checks `path`: the header must be this version's, and every row well formed.
  package static func load(_ path: String) throws(LoadError) -> ResultsFile {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw LoadError("no such results file: '\(path)'")
    }
    guard !isDirectory.boolValue, let data = FileManager.default.contents(atPath: path) else {
      throw LoadError("cannot read '\(path)'")
    }
    return try parse([UInt8](data), path: path)
  }

  /// Checks the bytes of a trial CSV as `load` does; `path` names it in messages.
  package static func parse(_ bytes: [UInt8], path: String) throws(LoadError) -> ResultsFile {
    var whole = bytes.count
    // A row is whole once its line break is written: CRLF as stress writes it, or a bare LF
    // (a file passed through a tool that rewrote the line ends); one inside a quoted field
    // (a detail of several lines) ends no row.
    whole = 0
    var quoted = false
    for (i, byte) in bytes.enumerated() {
      if byte == UInt8(ascii: "\"") {
        quoted.toggle()
      } else if byte == 10 && !quoted {
        whole = i + 1
      }
    }
    // The file must be UTF-8, but for a character torn at its very end by a killed writer.
    let utf8 = (0...min(3, bytes.count)).contains { torn in
      String(validating: bytes.dropLast(torn), as: UTF8.self) != nil
    }
    guard utf8, let text = String(validating: bytes[..<whole], as: UTF8.self) else {
      throw LoadError("'\(path)' is not a results CSV: it is not UTF-8 text")
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
      throw LoadError("'\(path)' is not a trial CSV of this version of stress: \(why(rows.first))")
    }
    var file = ResultsFile(path: path, rows: Array(rows.dropFirst()), wholeBytes: whole)
    file.isEarlierVersion = earlier
    for (index, row) in file.rows.enumerated() {
      try file.check(row, line: index + 2)
    }
    // A trial twice would be counted twice by every report, and could not be resumed.
    var seen: [[String]: Int] = [:]
    for (index, record) in file.records.enumerated() {
      let key = CellKey(record.cell).fields + [String(record.trial)]
      if let first = seen.updateValue(index + 2, forKey: key) {
        throw LoadError(
          "'\(path)' line \(index + 2) repeats trial \(record.trial) of line \(first)'s cell")
      }
    }
    return file
  }

  /// What is wrong with a header that is not this version's.
  private static func why(_ header: [String]?) -> String {
    guard let header, header != [""] else { return "it is empty" }
    if header == SummaryColumns.header {
      return "it is a per-cell summary; give the trial CSV it was written beside"
    }
    if let missing = ResultColumns.header.first(where: { !header.contains($0) }) {
      return "its header has no '\(missing)' column"
    }
    return "its columns differ from this version's (see Results/README.md)"
  }

  private func check(_ row: [String], line: Int) throws(LoadError) {
    guard row.count == ResultColumns.header.count else {
      throw LoadError(
        "'\(path)' line \(line) has \(row.count) fields where the header has "
          + "\(ResultColumns.header.count)")
    }
    func bad(_ name: String) -> LoadError {
      LoadError("'\(path)' line \(line): invalid \(name) '\(row[Self.column[name]!])'")
    }
    let value = { (name: String) in row[Self.column[name]!] }
    guard Outcome(rawValue: value("outcome")) != nil else { throw bad("outcome") }
    guard DocumentedSafety(rawValue: value("documented")) != nil else { throw bad("documented") }
    guard Driver(rawValue: value("driver")) != nil else { throw bad("driver") }
    guard ["true", "false"].contains(value("protected")) else { throw bad("protected") }
    guard ["true", "false", ""].contains(value("sendable")) else { throw bad("sendable") }
    guard let threads = Int(value("threads")), threads >= 1 else { throw bad("threads") }
    guard
      value("readers").isEmpty || Int(value("readers")).map({ (0...threads).contains($0) }) == true
    else { throw bad("readers") }
    guard let ratio = Double(value("read_ratio")), (0...1).contains(ratio) else {
      throw bad("read_ratio")
    }
    guard Int(value("trial")).map({ $0 >= 0 }) == true else { throw bad("trial") }
    guard UInt64(value("seed")) != nil else { throw bad("seed") }
    guard !value("subject").isEmpty else { throw bad("subject") }
    guard !value("wrapper").isEmpty else { throw bad("wrapper") }
    for name in ["failures", "ops", "reads", "writes", "tsan_reports"]
    where !value(name).isEmpty && Int(value(name)).map({ $0 >= 0 }) != true {
      throw bad(name)
    }
    // Beyond these no trial can reach; within them, sums and ratios stay finite.
    let limits = ["seconds": 1e7, "ops_per_sec": 1e15, "time_to_failure_ms": 1e10]
    for (name, limit) in limits.sorted(by: { $0.key < $1.key })
    where !value(name).isEmpty
      && Double(value(name)).map({ $0.isFinite && $0 >= 0 && $0 <= limit }) != true
    {
      throw bad(name)
    }
    // A tiny time would make the throughput infinite, or beyond any machine.
    if let ops = Double(value("ops")), ops > 0, let seconds = Double(value("seconds")),
      !(ops / seconds <= limits["ops_per_sec"]!)
    {
      throw LoadError(
        "'\(path)' line \(line): invalid seconds '\(value("seconds"))': \(value("ops")) ops in it "
          + "would be more than 1e15 per second")
    }
  }

  static let column = Dictionary(
    uniqueKeysWithValues: ResultColumns.header.enumerated().map { ($1, $0) })

  /// The value of `name` in `row`.
  package func value(_ name: String, in row: [String]) -> String {
    row[Self.column[name]!]
  }

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

  /// Each row as a trial record (checked on load, so this cannot fail).
  package var records: [TrialRecord] {
    rows.map { row in
      func value(_ name: String) -> String { row[Self.column[name]!] }
      let threads = Int(value("threads"))!
      var cell = Cell(
        subject: value("subject"), wrapper: value("wrapper"), threads: threads,
        readRatio: Double(value("read_ratio"))!,
        documented: DocumentedSafety(rawValue: value("documented"))!,
        isProtected: value("protected") == "true", readers: Int(value("readers")),
        driver: Driver(rawValue: value("driver"))!)
      cell.sendable = Bool(value("sendable"))
      cell.expectation = value("expectation").isEmpty ? nil : value("expectation")
      var result = TrialResult(
        outcome: Outcome(rawValue: value("outcome"))!, failures: Int(value("failures")),
        ops: Int(value("ops")), reads: Int(value("reads")), writes: Int(value("writes")),
        seconds: Double(value("seconds")), detail: value("detail"))
      result.timeToFailureMs = Double(value("time_to_failure_ms"))
      result.sanitizerReports = Int(value("tsan_reports"))
      return TrialRecord(
        cell: cell, trial: Int(value("trial"))!, seed: UInt64(value("seed"))!, result: result)
    }
  }
}
