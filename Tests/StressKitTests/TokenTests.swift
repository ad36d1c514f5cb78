import Testing

@testable import StressKit

@Suite struct TokenTests {
  @Test(arguments: [(0, 0), (1, 0), (7, 123_456), (255, 4_000_000_000), (1023, 1)])
  func roundTrips(thread: Int, seq: Int) throws {
    let token = Token.encode(thread: thread, seq: seq)
    #expect(token > 0)
    let decoded = try #require(Token.decode(token))
    #expect(decoded == (thread, seq))
  }

  @Test func rejectsValuesNoWriteProduced() {
    #expect(Token.decode(0) == nil)
    #expect(Token.decode(-5) == nil)
    // A token with its check byte disturbed is garbage, as a torn or freed read would be.
    #expect(Token.decode(Token.encode(thread: 3, seq: 9) ^ 1) == nil)
    let shape = TrialShape(threads: 2, opsPerThread: 10)
    #expect(shape.couldHaveWritten(Token.encode(thread: 1, seq: 9)))
    #expect(!shape.couldHaveWritten(Token.encode(thread: 2, seq: 0)))
    #expect(!shape.couldHaveWritten(Token.encode(thread: 0, seq: 10)))
  }

  @Test func verifyAcceptsExactlyEveryWriteOnce() {
    let tokens = (0..<3).flatMap { t in (0..<5).map { Token.encode(thread: t, seq: $0) } }
    #expect(Token.verify(tokens.shuffled(), writesPerThread: [5, 5, 5]).isEmpty)
  }

  @Test func verifyCountsMissingDuplicateAndForeignValues() {
    var tokens = (0..<4).map { Token.encode(thread: 0, seq: $0) }
    tokens.removeLast()  // write #3 missing
    tokens.append(Token.encode(thread: 0, seq: 1))  // write #1 twice
    tokens.append(42)  // never written
    let v = Token.verify(tokens, writesPerThread: [4])
    #expect(v.count == 3)
    #expect(v.first == "write #1 of thread 0 is present more than once")
  }
}
