import Testing

@testable import StressKit
@testable import StressKitRun

@Suite struct ReportCounterTests {
  @Test func countsReportsAcrossChunkBoundaries() {
    let text = Array(
      "noise\nWARNING: ThreadSanitizer: data race (pid=1)\n...\nWARNING: ThreadSanitizer: data race\n"
        .utf8)
    // Every way of cutting the stream in two gives the same count.
    for cut in 0...text.count {
      var counter = ReportCounter()
      counter.scan(Array(text[..<cut]))
      counter.scan(Array(text[cut...]))
      #expect(counter.count == 2, "cut at \(cut)")
    }
    var counter = ReportCounter()
    counter.scan(text)
    counter.reset()
    counter.scan(Array("WARNING: Thread".utf8))
    #expect(counter.count == 0)
  }
}
