import Foundation
import StressKit

/// The Summary's memory functions that exist on Linux (`NSPageSize`,
/// `NSRoundUpToMultipleOfPageSize`, `NSRoundDownToMultipleOfPageSize`) from every thread at
/// once: the page size must be the one seen alone, and the rounding its arithmetic. (The zone
/// functions do not exist here.)
package final class MemoryFunctionsSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "memory-functions",
    summary: "NSPageSize, NSRoundUp/DownToMultipleOfPageSize from every thread",
    documented: .safe, traits: [.readOnly],
    calls: [
      "NSPageSize()",
      "NSRoundUpToMultipleOfPageSize(_:)",
      "NSRoundDownToMultipleOfPageSize(_:)",
    ],
    leavesOut:
      "sizes near Int.max or negative: rare in applications, and near Int.max the "
      + "rounding traps even on one thread; NSLogPageSize, NSRealMemoryAvailable, page "
      + "allocation and zone functions: absent on Linux"
  )

  private let page = NSPageSize()

  package init(shape: TrialShape) {}

  package func read(_ step: Step) -> String? {
    guard NSPageSize() == page, page > 0 else {
      return "NSPageSize() is \(NSPageSize()), was \(page)"
    }
    let size = Int(step.random >> 40)
    let up = NSRoundUpToMultipleOfPageSize(size)
    let down = NSRoundDownToMultipleOfPageSize(size)
    let expectedUp = (size + page - 1) / page * page
    let expectedDown = size / page * page
    return up == expectedUp && down == expectedDown
      ? nil : "\(size) rounds to \(down) and \(up), expected \(expectedDown) and \(expectedUp)"
  }

  package func check(writesPerThread: [Int]) -> Violations { Violations() }
}
