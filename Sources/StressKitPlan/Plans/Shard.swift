/// One of N deterministic slices of a plan's cells, so N machines (a CI matrix) can run one
/// suite in parallel: shard `index` of `count` takes cells index-1, index-1+count, ... in plan
/// order, which spreads each subject's cells over every shard. `stress merge` joins the files.
package struct Shard: Sendable, Equatable, CustomStringConvertible {
  /// 1-based, as CI matrices usually count.
  package var index: Int
  package var count: Int

  package static let maxCount = 1000

  package init(index: Int, count: Int) {
    self.index = index
    self.count = count
  }

  /// Parses "I/N" with 1 <= I <= N <= `maxCount`.
  package init?(_ text: String) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]),
      (1...Self.maxCount).contains(n), (1...n).contains(i)
    else { return nil }
    self.init(index: i, count: n)
  }

  package var description: String { "\(index)/\(count)" }

  /// This shard's elements of `all`, in order.
  package func slice<T>(_ all: [T]) -> [T] {
    all.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
  }
}
