/// Why results files cannot be read as one run, worded here and nowhere else
/// (`ResultsMerge.Incompatible`): `merge`, and `report` or `compare` of several files.
package enum MergeProblem: Equatable, Sendable, CustomStringConvertible {
  case nothingToMerge
  /// `column` sets what a trial measured, and the two files' rows differ in it.
  case differentRun(path: String, column: String, value: String, reference: String, has: String)
  case overlap(path: String, earlier: String, trial: Int, cell: String)
  case shardBesideWhole(shard: String, whole: String)
  case shardCounts(path: String, count: Int, first: String, firstCount: Int)
  /// A run column (`plan`, `run_seed`, `toolchain`) differs between shards.
  case notAShard(path: String, first: String, column: String, value: String, has: String)
  case shardTwice(index: Int, count: Int)

  package var description: String {
    switch self {
    case .nothingToMerge: "nothing to merge: the files hold no trial"
    case .differentRun(let path, let column, let value, let reference, let has):
      "'\(path)' comes from a different run: its \(column) is '\(value)' where '\(reference)' "
        + "has '\(has)'"
    case .overlap(let path, let earlier, let trial, let cell):
      "'\(path)' and '\(earlier)' overlap: both hold trial \(trial) of \(cell)"
    case .shardBesideWhole(let shard, let whole):
      "'\(shard)' is a shard and '\(whole)' is not: a shard merges only with the other shards "
        + "of its run"
    case .shardCounts(let path, let count, let first, let firstCount):
      "'\(path)' is a shard of \(count) and '\(first)' a shard of \(firstCount): the shards of "
        + "one run share their count"
    case .notAShard(let path, let first, let column, let value, let has):
      "'\(path)' is not a shard of the run in '\(first)': its "
        + (column == "plan"
          ? "plan (suite, subjects, wrappers, thread counts, mixes or budgets) differs: digest"
          : column) + " is '\(value)' where '\(first)' has '\(has)'"
    case .shardTwice(let index, let count): "shard \(index)/\(count) is given twice"
    }
  }
}
