import Foundation
import StressKit

/// The `.byteCount` format style used from many threads at once, as a server logging sizes
/// does (it crashed under concurrency, swift-foundation issue 1818): each read formats one of
/// 256 byte counts and must print what it printed for it alone (`SequentialTable`).
package final class ByteCountFormatStyleSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "bytecount-formatstyle",
    summary: "Int64.formatted(.byteCount(style: .file)) from every thread",
    documented: .notListed, sendable: Sendability.of(ByteCountFormatStyle.self), traits: [.readOnly]
  )

  private let style = ByteCountFormatStyle(style: .file)
  private let table: SequentialTable

  package init(shape: TrialShape) {
    let style = self.style
    table = SequentialTable { i in style.format(Int64(i) * 987_654_321 / 7) }
  }

  package func read(_ step: Step) -> String? {
    let i = SequentialTable.input(step.random)
    return table.check(i, (Int64(i) * 987_654_321 / 7).formatted(.byteCount(style: .file)))
  }

  package func check(writesPerThread: [Int]) -> Violations { Violations() }
}
