import StressReports
import Testing

@testable import StressKit
@testable import StressKitBench

/// `stress bench` is worded in StressReports from the measurements alone: what a section prints
/// and the rows it records, for given figures.
@Suite struct BenchReportTests {
  @Test func theOverheadSectionPrintsEachPairAndRecordsItsThreeFigures() {
    let pair = Benchmark.Overhead(name: "counter/lock", referenceNanos: 8, harnessNanos: 9)
    let section = BenchReport.overhead([pair], ops: 1_000, repeats: 3)
    #expect(
      section.text == """
        OVERHEAD: median ns/op over 3 runs of 1000 ops, 1 thread
          pair          bare  harness  ratio  extra ns
          counter/lock  8.00  9.00     1.12x  +1.00

        """)
    #expect(section.rows.map(\.metric) == ["reference_ns_per_op", "harness_ns_per_op", "ratio"])
    #expect(section.rows.map(\.value) == [8, 9, 1.125])
    #expect(section.rows.allSatisfy { $0.section == "overhead" && $0.name == "counter/lock" })
  }

  @Test func aDetectionSectionIsAGridOfSubjectsByVariant() {
    let found = [
      Benchmark.Detection(
        subject: "counter", variant: "default", failed: 4, trials: 5, medianTimeToFailureMs: 1.5),
      Benchmark.Detection(
        subject: "counter", variant: "no burst", failed: 0, trials: 5, medianTimeToFailureMs: nil),
    ]
    let section = BenchReport.detection(found, condition: .quickSize, trials: 5)
    #expect(section.text.hasPrefix("\nDETECTION: trials failed of 5; 2 threads, unprotected, "))
    #expect(section.text.contains("1000 ops per thread (the quick budget's size)\n"))
    #expect(section.text.contains("counter  4/5 1.5ms  0/5"))
    #expect(
      section.rows.map(\.metric) == [
        "default: detection_rate", "default: median_time_to_failure_ms",
        "no burst: detection_rate",
      ])
    #expect(section.rows.allSatisfy { $0.section == "detection-1000-ops" })
  }
}
