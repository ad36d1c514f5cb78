import Testing

@testable import StressKit

/// The worker reports the release of a trial's threads to its parent, which times a crash
/// from that report. Serialized: the witness subject keeps its flag in one static.
@Suite(.serialized) struct ReleaseReportTests {
  /// A crash is timed from the `started` report, so that report must be out before the first
  /// operation of any thread, with few threads and many. (The tasks driver reports before it
  /// starts its tasks; it is not run here, since it blocks a thread of the pool that runs the
  /// tests until its tasks finish.)
  @Test(arguments: [("unprotected", 2), ("unprotected", 8), ("lock", 4)])
  func releaseIsReportedBeforeTheFirstOperation(wrapper: String, threads: Int) {
    for trial in 0..<30 {
      ReleaseWitness.reported.store(false, ordering: .releasing)
      let result = Trial.run(
        TrialSpec(
          subject: "test-release-witness", wrapper: wrapper, threads: threads, readRatio: 1,
          bound: .ops(10), seed: UInt64(trial)),
        catalog: .forTests
      ) { milestone in
        if milestone == .started { ReleaseWitness.reported.store(true, ordering: .releasing) }
      }
      #expect(result.outcome == .ok, "trial \(trial): \(result.detail)")
    }
  }
}
