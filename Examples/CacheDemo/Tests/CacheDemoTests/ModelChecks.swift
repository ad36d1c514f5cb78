import StressTesting
import Testing

@testable import cache_stress

// Each check runs in a child process (an exit test): a crash fails only its test, with the
// signal, and a failure's issue, the shrunk scenario's table, reaches this process. The checks
// run one at a time: a race shows only while a check's threads have the cores to themselves,
// and four checks at once on two cores hid both bugs in most runs.
@Suite(.serialized) struct ModelChecks {
  @Test func fixedCacheIsLinearizable() async {
    await #expect(processExitsWith: .success) { FixedCacheTest.check() }
  }

  @Test func fixedAccountIsLinearizable() async {
    await #expect(processExitsWith: .success) { FixedAccountTest.check() }
  }

  // The two bugs, kept as known issues: each check must find its bug, or the test fails.

  @Test func cacheChecksThenActs() async {
    await withKnownIssue("value(forKey:create:) checks, then inserts, under two locks") {
      await #expect(processExitsWith: .success) { CacheTest.check() }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.hasPrefix("cache corrupt: not linearizable") }
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
