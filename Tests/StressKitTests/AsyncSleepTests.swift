import Testing

@testable import StressKit
@testable import StressKitCore
@testable import StressKitEngine
@testable import StressKitModel

/// `Task.sleep` on virtual time (issue 49, point 2): under the controlled executor, and in the
/// specification's calls, a sleep ends as soon as nothing else can run, so a cache whose
/// "download" sleeps 60 seconds is explored in no real time, its reentrancy found with the
/// sleeps in its trace, and its fix passed.
@Suite struct AsyncSleepTests {
  /// An image cache whose `image(for:)` checks, sleeps 60 s as a download would, then stores:
  /// two callers of one key both download, the second answered with a second image. `rechecks`,
  /// the fix: it looks again after the download.
  actor SleepyCache {
    private var stored: [Int: Int] = [:]
    private var downloads = 0
    private let rechecks: Bool

    init(rechecks: Bool) { self.rechecks = rechecks }

    func image(for key: Int) async -> Int {
      if let hit = stored[key] { return hit }
      try? await Task.sleep(for: .seconds(60))
      if rechecks, let hit = stored[key] { return hit }
      downloads += 1
      stored[key] = downloads
      return downloads
    }

    static let operations: [ModelOperation<SleepyCache>] = [
      .write("image", [0]) { await $0.image(for: $1) }
    ]
  }

  enum SleepyCacheTest: ModelTest {
    static let info = SubjectInfo(id: "sleepy-cache", summary: "", documented: .notListed)
    static func make() -> SleepyCache { SleepyCache(rechecks: false) }
    static let operations = SleepyCache.operations
    static var scenarios: ScenarioOptions {
      ScenarioOptions(operationsPerThread: 1, initialOperations: 0, postOperations: 0)
    }
  }

  enum SleepyCacheFixedTest: ModelTest {
    static let info = SubjectInfo(id: "sleepy-cache-fixed", summary: "", documented: .notListed)
    static func make() -> SleepyCache { SleepyCache(rechecks: true) }
    static let operations = SleepyCache.operations
    static var scenarios: ScenarioOptions { SleepyCacheTest.scenarios }
  }

  @Test func aSixtySecondDownloadIsExploredInNoRealTime() throws {
    let clock = ContinuousClock()
    let began = clock.now
    let result = SleepyCacheTest.explore(schedules: 100)
    #expect(result.verdict == .notLinearizable, "\(result.report)")
    // Both calls slept on the schedule's clock, which then reached each one's end.
    #expect(result.report.contains("virtual clock 1.sleep(60.0 seconds)"), "\(result.report)")
    #expect(result.report.contains("virtual clock 1.reaches(60.0 seconds)"), "\(result.report)")
    let token = try #require(result.replay)
    let again = SleepyCacheTest.explore(strategy: .replay(token))
    #expect(again.finding?.interleaving == result.finding?.interleaving)
    let fixed = SleepyCacheFixedTest.explore(strategy: .exhaustive(preemptions: 2))
    #expect(fixed.passed && fixed.exhausted, "\(fixed.report)")
    // Every call sleeps 60 s, in the schedules and in the specification's runs of them: on a
    // real clock, one schedule alone would take a minute.
    #expect(clock.now - began < .seconds(30))
  }

  @Test func aCallRunOnItsOwnSleepsOnVirtualTime() {
    // The specification's and the sanity pass's way: the call to its answer on one thread.
    let clock = ContinuousClock()
    let began = clock.now
    let cache = SleepyCache(rechecks: false)
    let image = SleepyCache.operations[0]
    #expect(image.body(cache, [0]) == ModelValue(1))
    #expect(image.body(cache, [0]) == ModelValue(1))
    #expect(clock.now - began < .seconds(30))
  }

  @Test func aDepthOneAndADepthTwoReentrancyAreEachFoundByPCTOfTheirDepth() {
    // The sleeping cache fails under PCT of depth 1 (no priority change): while one call
    // sleeps, nothing else of it can run, so the other call checks the cache meanwhile. The
    // account's audit only yields, so a withdrawal runs on to its debit unless the strategy
    // switches to the other call at that await: depth 1 never does, depth 2 does (one
    // change). Seeds 1-30 here needed at most 111 schedules at depth 2 (median about 22).
    for seed: UInt64 in 1...20 {
      let cache = SleepyCacheTest.explore(strategy: .pct(depth: 1), schedules: 100, seed: seed)
      #expect(cache.verdict == .notLinearizable, "seed \(seed): \(cache.report)")
      #expect(cache.finding?.reentrancy != nil, "seed \(seed): \(cache.report)")
      let account = SelfTestAsyncAccount.explore(
        strategy: .pct(depth: 2), schedules: 200, seed: seed)
      #expect(account.verdict == .notLinearizable, "seed \(seed): \(account.report)")
      #expect(account.finding?.reentrancy != nil, "seed \(seed): \(account.report)")
      let shallow = SelfTestAsyncAccount.explore(
        strategy: .pct(depth: 1), schedules: 100, seed: seed)
      #expect(shallow.passed, "seed \(seed): \(shallow.report)")
    }
  }
}
