import StressKit
import StressTestSupport
import Testing

/// Sharding a plan's cells and merging the shards' files back.
@Suite struct ShardTests {
  typealias F = ResultsFixtures

  @Test(arguments: ["0/2", "3/2", "1/0", "2", "a/b", "1/2/3", "-1/2", "1/1001", ""])
  func rejectsMalformedShards(text: String) {
    #expect(Shard(text) == nil)
  }

  @Test func shardsPartitionTheCellsInPlanOrder() {
    let all = Array(0..<10)
    let shards = (1...3).map { Shard(index: $0, count: 3).slice(all) }
    #expect(shards == [[0, 3, 6, 9], [1, 4, 7], [2, 5, 8]])
    #expect(Shard("2/3") == Shard(index: 2, count: 3))
  }

  /// Cells a, b, c, d; shard 1/2 holds a and c, shard 2/2 b and d; two trials each.
  func shardFiles() throws -> [ResultsFile] {
    let cells = ["a", "b", "c", "d"].map { F.cell("lock", subject: $0) }
    return try (1...2).map { i in
      let shard = Shard(index: i, count: 2)
      let records = shard.slice(cells).flatMap { c in (0..<2).map { F.trial(c, $0) } }
      return try ResultsFile.load(F.write(F.csv(records, shard: shard)))
    }
  }

  @Test func mergingShardsRestoresThePlanOrder() throws {
    let files = try shardFiles()
    let merge = try ResultsMerge([files[1], files[0]])
    let subjects = merge.rows.map { files[0].value("subject", in: $0) }
    #expect(subjects == ["a", "a", "b", "b", "c", "c", "d", "d"])
    #expect(merge.notes.isEmpty)
    // A shard killed before its first trial holds only a header: the order still holds.
    let empty = try ResultsFile.load(F.write(CSV.line(ResultColumns.header)))
    let withEmpty = try ResultsMerge([files[1], empty, files[0]])
    #expect(withEmpty.rows.map { files[0].value("subject", in: $0) } == subjects)
    let partial = try ResultsMerge([files[0]])
    #expect(partial.notes == ["shard 2/2 missing: the merge holds 1 of 2"])
  }

  @Test func refusesOverlapsRepeatsAndOtherPlans() throws {
    let files = try shardFiles()
    #expect(throws: ResultsMerge.Incompatible.self) { try ResultsMerge([files[0], files[0]]) }
    let other = F.csv([F.trial(F.cell("lock", subject: "z"), 0)])
      .replacingOccurrences(of: ",1000,", with: ",2000,")
    let otherFile = try ResultsFile.load(F.write(other))
    #expect {
      try ResultsMerge([files[0], otherFile])
    } throws: { error in
      "\(error)".contains("comes from a different run: its ops_limit is '2000'")
    }
    #expect {
      try ResultsMerge([])
    } throws: { error in
      "\(error)".contains("nothing to merge")
    }
  }

  @Test func rowsOfAnotherDriverAreHeldToTheirOwnDriversTuning() throws {
    // An actor's rows record the threads driver's tuning as off: shards holding both merge.
    var actor = F.cell("actor", subject: "a")
    actor.driver = .tasks
    let cells = [F.cell("lock", subject: "a"), actor]
    var plan = F.plan(cells, trials: 1)
    plan.tuning = .standard
    let files = try (1...2).map { i in
      let shard = Shard(index: i, count: 2)
      plan.shard = shard
      let rows = shard.slice(cells).map {
        ResultColumns.row(F.trial($0, 0), plan: plan, environment: .current)
      }
      return try ResultsFile.load(F.write(([ResultColumns.header] + rows).map(CSV.line).joined()))
    }
    #expect(files[0].value("pinned", in: files[0].rows[0]) == "true")
    #expect(files[1].value("pinned", in: files[1].rows[0]) == "false")
    #expect(try ResultsMerge(files).rows.count == 2)
    // Within a driver, a different tuning is still another run.
    plan.tuning.burst = 7
    plan.shard = nil
    let other = try ResultsFile.load(
      F.write(
        ([ResultColumns.header] + [
          ResultColumns.row(
            F.trial(F.cell("lock", subject: "z"), 0), plan: plan, environment: .current)
        ]).map(CSV.line).joined()))
    #expect {
      try ResultsMerge([files[0], other])
    } throws: { error in
      "\(error)".contains("comes from a different run: its burst is '7'")
    }
  }
}
