/// What ends a trial: a number of operations per thread, or a wall-clock duration.
@usableFromInline
package enum Bound: Sendable, Equatable, Codable {
  case ops(Int)
  case seconds(Double)

  @usableFromInline
  package var opsPerThread: Int? {
    if case .ops(let n) = self { n } else { nil }
  }

  @usableFromInline
  package var seconds: Double? {
    if case .seconds(let s) = self { s } else { nil }
  }

  /// `factor` times as many operations, or as many seconds.
  package func scaled(by factor: Int) -> Bound {
    switch self {
    case .ops(let n): .ops(n * factor)
    case .seconds(let s): .seconds(s * Double(factor))
    }
  }
}
