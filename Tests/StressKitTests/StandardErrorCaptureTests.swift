import Foundation
import StressKit
import StressTestSupport
import Testing

/// Standard error sent to a file while a subject needs it, counted rather than nested.
@Suite(.serialized) struct StandardErrorCaptureTests {
  @Test func standardErrorGoesToTheFileUntilTheLastEnd() throws {
    let dir = try TestDirectory.make("stress-capture")
    let capture = StandardErrorCapture(path: dir.appendingPathComponent("sub/err").path)
    #expect(capture.begin())
    #expect(capture.begin())
    FileHandle.standardError.write(Data("first\n".utf8))
    // One end of two: still captured.
    #expect(!capture.end())
    FileHandle.standardError.write(Data("second\n".utf8))
    // Other suites run beside this one, and Swift Testing's own events go to standard error:
    // a line of theirs may land in between, so the two writes are looked for in order.
    let text = String(decoding: capture.captured(), as: UTF8.self)
    let first = try #require(text.range(of: "first\n"), "\(text)")
    #expect(text[first.upperBound...].contains("second\n"), "\(text)")
    // The last end gives standard error back and removes the file.
    #expect(capture.end())
    #expect(!FileManager.default.fileExists(atPath: capture.path))
    #expect(!capture.end())
    // A new capture starts an empty file.
    #expect(capture.begin())
    #expect(!String(decoding: capture.captured(), as: UTF8.self).contains("first\n"))
    #expect(capture.end())
  }
}
