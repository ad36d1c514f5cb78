import StressKit
import Testing

@testable import FoundationSubjects

/// The end check of a serializing channel: every write once, each thread's in its order.
@Suite struct OrderedTokensTests {
  let a0 = Token.encode(thread: 0, seq: 0)
  let a1 = Token.encode(thread: 0, seq: 1)
  let b0 = Token.encode(thread: 1, seq: 0)

  @Test func threadsMayInterleaveButEachKeepsItsOrder() {
    #expect(OrderedTokens.verify([b0, a0, a1], writesPerThread: [2, 1]).isEmpty)
    let swapped = OrderedTokens.verify([a1, b0, a0], writesPerThread: [2, 1])
    #expect(swapped.count == 1)
  }

  @Test func aMissingOrRepeatedWriteIsFound() {
    #expect(!OrderedTokens.verify([a0, b0], writesPerThread: [2, 1]).isEmpty)
    #expect(!OrderedTokens.verify([a0, a1, a1, b0], writesPerThread: [2, 1]).isEmpty)
  }
}
