import StressKit
import StressTesting
import Testing

@testable import cache_stress

/// Every check of this package, one at a time, the controlled ones too: a race shows only
/// while a stress check's threads have the cores to themselves, and explorations running beside
/// them hid the account's bug in about one run in three.
@Suite(.serialized) struct CacheDemoChecks {}

// Each check runs in a child process (an exit test): a crash fails only its test, with the
// signal, and a failure's issue, the shrunk scenario's table, reaches this process. The checks
// run one at a time: a race shows only while a check's threads have the cores to themselves,
// and four checks at once on two cores hid both bugs in most runs.
extension CacheDemoChecks {
  @Suite(.serialized) struct ModelChecks {
    @Test func fixedCacheIsLinearizable() async {
      await #expect(processExitsWith: .success) { FixedCacheTest.check() }
    }

    @Test func fixedAccountIsLinearizable() async {
      await #expect(processExitsWith: .success) { FixedAccountTest.check() }
    }

    /// The PhotoManager's barrier store answers when its block has run: a read that starts after
    /// that sees it, and a stress run finds nothing to blame.
    @Test func photoManagerIsLinearizable() async {
      await #expect(processExitsWith: .success) { PhotoManagerTest.check() }
    }

    // The two bugs, kept as known issues: each check must find its bug, or the test fails.

    @Test func cacheChecksThenActs() async {
      await withKnownIssue("value(forKey:create:) checks, then inserts, under two locks") {
        await #expect(processExitsWith: .success) { CacheTest.check() }
      } matching: { issue in
        issue.comments.contains { $0.rawValue.hasPrefix("cache corrupt: not linearizable") }
      }
    }

    @Test func barrierlessPhotoManagerRacesOnItsArray() async {
      // Two appends side by side: a lost photo (a failing history) or a corrupted array (a crash
      // of the check's process).
      await withKnownIssue("addPhoto's block leaves out the barrier") {
        await #expect(processExitsWith: .success) { BarrierlessPhotoManagerTest.check() }
      }
    }

    /// The actors' fixes, each thread's calls made by a task.
    @Test func fixedActorsAreLinearizable() async {
      await #expect(processExitsWith: .success) { FixedImageCacheTest.check() }
      await #expect(processExitsWith: .success) { FixedBankActorTest.check() }
    }

    @Test func imageCacheDownloadsAKeyTwice() async {
      await withKnownIssue("image(for:) checks, awaits the download, then stores") {
        await #expect(processExitsWith: .success) { ImageCacheTest.check() }
      } matching: { issue in
        issue.comments.contains { $0.rawValue.hasPrefix("image-cache corrupt: not linearizable") }
      }
    }

    @Test func bankActorChecksAwaitsThenDebits() async {
      await withKnownIssue("withdraw checks the balance, awaits an audit, then debits") {
        await #expect(processExitsWith: .success) { BankActorTest.check() }
      } matching: { issue in
        issue.comments.contains { $0.rawValue.hasPrefix("bank-actor corrupt: not linearizable") }
      }
    }

    @Test func accountChecksThenDebits() async {
      await withKnownIssue("withdraw checks the balance, then debits it, under two locks") {
        await #expect(processExitsWith: .success) { AccountTest.check() }
      } matching: { issue in
        issue.comments.contains { $0.rawValue.hasPrefix("account corrupt: not linearizable") }
      }
    }
  }
}

// The same types with a `ScheduledLock`, under the controlled scheduler: each bug is found
// with the interleaving that broke it, and the fixes pass a search of every schedule with up
// to two preemptions. No exit test: only one thread runs at a time, so a race cannot crash
// the test process (a trap in the type's own logic still would).
extension CacheDemoChecks {
  @Suite(.serialized) struct ControlledChecks {
    @Test func bothBugsAreFoundWithin100SchedulesForEverySeedWithTheirInterleaving() {
      // The default strategy, a random walk, over a new scenario every schedule.
      for seed: UInt64 in 1...100 {
        for result in [
          ScheduledCacheTest.explore(schedules: 100, seed: seed),
          ScheduledAccountTest.explore(schedules: 100, seed: seed),
        ] {
          #expect(result.verdict == .notLinearizable, "seed \(seed): \(result.report)")
          #expect(result.report.contains("-- switch: thread") && result.replay != nil)
        }
      }
    }

    /// The same for types in Swift 6's shapes: a stock in a `Mutex`, tickets from an `Atomic`.
    @Test func theMutexAndAtomicBugsAreFoundWithin100SchedulesForEverySeed() {
      for seed: UInt64 in 1...100 {
        for result in [
          StockTest.explore(schedules: 100, seed: seed),
          TicketsTest.explore(schedules: 100, seed: seed),
        ] {
          #expect(result.verdict == .notLinearizable, "seed \(seed): \(result.report)")
          #expect(result.report.contains("-- switch: thread") && result.replay != nil)
        }
      }
    }

    /// The GCD tutorial's pattern: without its barrier, the PhotoManager's blocks touch the array
    /// side by side, a data race reported with both accesses in the first schedule where both
    /// happen.
    @Test func theBarrierlessPhotoManagerIsADataRaceWithin100SchedulesForEverySeed() {
      for seed: UInt64 in 1...100 {
        let result = BarrierlessPhotoManagerTest.explore(schedules: 100, seed: seed)
        #expect(result.verdict == .dataRace, "seed \(seed): \(result.report)")
        #expect(result.report.contains("unsafePhotos") && result.replay != nil)
      }
    }

    /// The actors' reentrancy: every await that suspends is a point the strategy chooses at,
    /// so the other call's turn comes between the check and the act.
    @Test func theActorsReentrancyIsFoundWithin100SchedulesForEverySeedWithItsAwait() {
      for seed: UInt64 in 1...100 {
        for result in [
          ImageCacheTest.explore(schedules: 100, seed: seed),
          BankActorTest.explore(schedules: 100, seed: seed),
        ] {
          #expect(result.verdict == .notLinearizable, "seed \(seed): \(result.report)")
          #expect(result.report.contains("suspends at an await") && result.replay != nil)
        }
      }
    }

    @Test func theAccountBugIsFoundByASearchOfOnePreemption() {
      let result = ScheduledAccountTest.explore(strategy: .exhaustive(preemptions: 1))
      #expect(result.verdict == .notLinearizable, "\(result.report)")
      #expect(result.report.contains("withdraw(") && result.report.contains("interleaving ("))
    }

    @Test func theFixesPassABoundedExhaustiveSearch() {
      for result in [
        ScheduledFixedCacheTest.explore(strategy: .exhaustive(preemptions: 2), schedules: 2_000),
        ScheduledFixedAccountTest.explore(strategy: .exhaustive(preemptions: 2), schedules: 2_000),
        FixedStockTest.explore(strategy: .exhaustive(preemptions: 2), schedules: 2_000),
        FixedTicketsTest.explore(strategy: .exhaustive(preemptions: 2), schedules: 2_000),
        PhotoManagerTest.explore(strategy: .exhaustive(preemptions: 2), schedules: 5_000),
        FixedImageCacheTest.explore(strategy: .exhaustive(preemptions: 2), schedules: 5_000),
        FixedBankActorTest.explore(strategy: .exhaustive(preemptions: 2), schedules: 5_000),
      ] {
        #expect(result.passed && result.exhausted, "\(result.report)")
      }
    }

    @Test func aFailureIsAnIssueWithItsInterleavingAndItsReplay() {
      withKnownIssue("value(forKey:create:) checks, then inserts, under two locks") {
        ScheduledCacheTest.check(strategy: .pct(depth: 2), schedules: 100)
      } matching: { issue in
        issue.comments.contains {
          $0.rawValue.hasPrefix("cache-scheduled not linearizable: schedule ")
            && $0.rawValue.contains("replay: ScheduledCacheTest.check(strategy: .replay(\"")
        }
      }
    }
  }
}
