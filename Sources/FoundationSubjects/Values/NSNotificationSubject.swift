import Foundation
import StressKit

/// 256 `NSNotification`s shared read-only, as one posted object reaches many observers: reads
/// ask one for its name, object and user info, which are what it was made with.
package final class NSNotificationSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "nsnotification", summary: "NSNotification, shared read-only: name, object, userInfo",
    documented: .safe, sendable: Sendability.of(NSNotification.self), traits: [.readOnly],
    calls: [
      "name",
      "object",
      "userInfo",
    ],
    leavesOut:
      "posting it through a NotificationCenter: notificationcenter covers posting; "
      + "copy(): it returns the notification itself; isEqual(_:) and hash: NSObject's, "
      + "which nsobject covers; bridging to Notification: it reads only name, object and "
      + "userInfo, which the subject reads"
  )

  private let notes: [NSNotification]

  package init(shape: TrialShape) {
    notes = (0..<256).map {
      NSNotification(
        name: Notification.Name("n\($0)"), object: NSNumber(value: $0), userInfo: ["k": $0 * 3])
    }
  }

  package func read(_ step: Step) -> String? {
    let i = Draw.choice(step.random, notes.count)
    let note = notes[i]
    let object = (note.object as? NSNumber)?.intValue
    let info = note.userInfo?["k"] as? Int
    return note.name.rawValue == "n\(i)" && object == i && info == i * 3
      ? nil : "notification \(i) reads \(note.name.rawValue), \(object ?? -1), \(info ?? -1)"
  }

  package func check(writesPerThread: [Int]) -> Violations { Violations() }
}
