import StressKitCore
import StressKitPlan

/// Trial CSVs joined into one: the shards of a run (`--shard I/N`) or runs of the same plan on
/// disjoint cells. Refuses files from incompatible runs and files that overlap.
package struct ResultsMerge: Sendable {
  /// The merged rows, header excluded.
  package var rows: [[String]]
  /// Things worth knowing that do not stop the merge: missing shards, mixed machines.
  package var notes: [String]
  /// The shards the merge holds ("1/3", "2/3"), in order; empty for whole runs. The merged
  /// file's rows keep their shard column, so it says the same.
  package var shards: [String] = []

  /// Files that are not one run (`MergeProblem` words why).
  package struct Incompatible: Error, Equatable, CustomStringConvertible {
    package var problem: MergeProblem
    package init(_ problem: MergeProblem) { self.problem = problem }
    package var description: String { problem.description }
  }

  /// Columns that must agree: they set what a trial measured (`ResultColumn.Agreement`).
  package static let planColumns = names(agreeing: .measurement)

  private static func names(agreeing agreement: ResultColumn.Agreement) -> [String] {
    ResultColumns.all.filter { $0.agreement == agreement }.map(\.name)
  }

  private struct TrialKey: Hashable {
    var cell: CellKey
    var trial: Int
  }

  package init(_ files: [ResultsFile]) throws(Incompatible) {
    notes = []
    let all = files.flatMap { f in f.rows.map { (file: f, row: $0) } }
    guard !all.isEmpty else {
      throw Incompatible(.nothingToMerge)
    }
    // Tuning is recorded as off on rows of drivers it does not apply to (an actor's tasks),
    // so rows are held to the first row of their own driver.
    var firstOfDriver: [String: (file: ResultsFile, row: [String])] = [:]
    for entry in all where firstOfDriver[entry.file.value("driver", in: entry.row)] == nil {
      firstOfDriver[entry.file.value("driver", in: entry.row)] = entry
    }
    for name in Self.planColumns {
      for other in all {
        guard let first = firstOfDriver[other.file.value("driver", in: other.row)] else { continue }
        let reference = first.file.value(name, in: first.row)
        guard other.file.value(name, in: other.row) != reference else { continue }
        throw Incompatible(
          .differentRun(
            path: other.file.path, column: name, value: other.file.value(name, in: other.row),
            reference: first.file.path, has: reference))
      }
    }
    try Self.checkShardsOfOneRun(files.filter { !$0.rows.isEmpty })
    var owner: [TrialKey: String] = [:]
    for file in files {
      for record in file.records {
        let key = TrialKey(cell: CellKey(record.cell), trial: record.trial)
        if let earlier = owner.updateValue(file.path, forKey: key) {
          throw Incompatible(
            .overlap(path: file.path, earlier: earlier, trial: record.trial, cell: key.cell.label))
        }
      }
    }
    for name in ["toolchain", "os", "cpus"] {
      let values = Set(all.map { $0.file.value(name, in: $0.row) })
      if values.count > 1 {
        notes.append("the files differ in \(name): \(values.sorted().joined(separator: "; "))")
      }
    }
    rows = try Self.ordered(files, notes: &notes)
    shards = Set(files.flatMap { $0.values("shard") }).subtracting([""]).compactMap(Shard.init)
      .sorted { $0.index < $1.index }.map(\.description)
  }

  /// What must agree between shards for them to be one run: the unsharded plan's digest, the
  /// run's seed and the toolchain (columns empty in files from before them are not compared),
  /// and the shard count. A shard merged with a whole run is refused too.
  package static let runColumns = names(agreeing: .run)

  private static func checkShardsOfOneRun(_ files: [ResultsFile]) throws(Incompatible) {
    // A file's shard count: the one its rows share (a merge of some shards holds several).
    func count(_ file: ResultsFile) -> Int? {
      let shards = file.values("shard").map(Shard.init)
      guard let first = shards.first, let count = first?.count,
        shards.allSatisfy({ $0?.count == count })
      else { return nil }
      return count
    }
    func values(_ file: ResultsFile, _ name: String) -> Set<String> {
      Set(file.values(name)).subtracting([""])
    }
    let counts = files.map(count)
    guard let first = files.first, counts.contains(where: { $0 != nil }) else { return }
    for (file, count) in zip(files, counts) {
      guard let count, let firstCount = counts[0] else {
        let (sharded, whole) = count == nil ? (first, file) : (file, first)
        throw Incompatible(.shardBesideWhole(shard: sharded.path, whole: whole.path))
      }
      guard count == firstCount else {
        throw Incompatible(
          .shardCounts(path: file.path, count: count, first: first.path, firstCount: firstCount))
      }
      for name in runColumns {
        let (mine, reference) = (values(file, name), values(first, name))
        guard !mine.isEmpty, !reference.isEmpty, mine != reference else { continue }
        throw Incompatible(
          .notAShard(
            path: file.path, first: first.path, column: name,
            value: mine.sorted().joined(separator: "+"),
            has: reference.sorted().joined(separator: "+")))
      }
    }
  }

  /// The shards of one run interleaved back into the unsharded plan's order (shard i holds
  /// cells i-1, i-1+N, ...); other files one after another.
  private static func ordered(_ files: [ResultsFile], notes: inout [String]) throws(Incompatible)
    -> [[String]]
  {
    // A shard that finished no trial (header only) says nothing about the order.
    let files = files.filter { !$0.rows.isEmpty }
    let shards = files.map { f in Set(f.values("shard")) }
    let parsed = shards.map { set in set.count == 1 ? set.first.flatMap(Shard.init) : nil }
    guard parsed.allSatisfy({ $0 != nil }), let count = parsed.first??.count,
      parsed.allSatisfy({ $0?.count == count })
    else {
      if shards.contains(where: { $0 != [""] }) {
        notes.append("the files are not shards of one run: rows are kept in file order")
      }
      return files.flatMap(\.rows)
    }
    let indexes = parsed.map { $0!.index }
    if let repeated = indexes.first(where: { i in indexes.filter { $0 == i }.count > 1 }) {
      throw Incompatible(.shardTwice(index: repeated, count: count))
    }
    let missing = (1...count).filter { !indexes.contains($0) }
    if !missing.isEmpty {
      notes.append(
        "shard\(missing.count == 1 ? "" : "s") \(missing.map { "\($0)/\(count)" }.joined(separator: ", ")) "
          + "missing: the merge holds \(files.count) of \(count)")
    }
    var ranked: [(rank: Int, position: Int, row: [String])] = []
    for (file, shard) in zip(files, parsed) {
      var cells: [CellKey: Int] = [:]
      var last = 0
      for (row, record) in zip(file.rows, file.records) {
        // A control trial stays with the cell it followed; it is no cell of the plan's order.
        guard !record.cell.isControl else {
          ranked.append((last * count + shard!.index - 1, ranked.count, row))
          continue
        }
        let cell = CellKey(record.cell)
        let k = cells[cell] ?? cells.count
        cells[cell] = k
        last = k
        ranked.append((k * count + shard!.index - 1, ranked.count, row))
      }
    }
    return ranked.sorted { ($0.rank, $0.position) < ($1.rank, $1.position) }.map(\.row)
  }
}
