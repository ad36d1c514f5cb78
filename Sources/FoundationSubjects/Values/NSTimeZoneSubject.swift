import Foundation
import StressKit

/// Fixed-offset `NSTimeZone`s shared read-only: reads ask one its offset from GMT at a random
/// date, which is the offset it was made with.
package final class NSTimeZoneSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "nstimezone", summary: "NSTimeZone (fixed offsets), shared read-only: secondsFromGMT(for:)",
    documented: .safe, sendable: Sendability.of(NSTimeZone.self), traits: [.readOnly])

  static let offsets = (-12...14).map { $0 * 3_600 }
  private let zones: [NSTimeZone]

  package init(shape: TrialShape) {
    zones = Self.offsets.map { NSTimeZone(forSecondsFromGMT: $0) }
  }

  package func read(_ step: Step) -> String? {
    let i = Draw.choice(step.random, zones.count)
    let date = Date(timeIntervalSince1970: TimeInterval(Draw.seconds(step.random)))
    let offset = zones[i].secondsFromGMT(for: date)
    return offset == Self.offsets[i]
      ? nil : "zone \(i) gives \(offset), made with \(Self.offsets[i])"
  }

  package func check(writesPerThread: [Int]) -> Violations { Violations() }
}
