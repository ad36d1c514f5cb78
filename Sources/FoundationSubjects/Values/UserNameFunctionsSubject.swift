import Foundation
import StressKit

/// The Summary's user name and home directory functions from every thread at once
/// (`NSUserName`, `NSFullUserName`, `NSHomeDirectory`, `NSHomeDirectoryForUser`, and the
/// temporary and home directories servers ask for scratch space): each must
/// give what it gave alone before the threads started.
package final class UserNameFunctionsSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "username-functions",
    summary:
      "NSUserName, NSFullUserName, NSHomeDirectory, NSHomeDirectoryForUser from every thread",
    documented: .unsafe, traits: [.readOnly],
    calls: [
      "NSUserName()",
      "NSFullUserName()",
      "NSHomeDirectory()",
      "NSHomeDirectoryForUser(NSUserName())",
      "NSTemporaryDirectory()",
      "FileManager.default.homeDirectoryForCurrentUser, temporaryDirectory",
    ],
    leavesOut:
      "other users' home directories, unknown user names: rare in applications"
  )

  private let alone: [String]

  static func all() -> [String] {
    [
      NSUserName(), NSFullUserName(), NSHomeDirectory(),
      NSHomeDirectoryForUser(NSUserName()) ?? "nil", NSTemporaryDirectory(),
      FileManager.default.homeDirectoryForCurrentUser.path,
      FileManager.default.temporaryDirectory.path,
    ]
  }

  package init(shape: TrialShape) {
    alone = Self.all()
  }

  package func read(_ step: Step) -> String? {
    let now = Self.all()
    return now == alone ? nil : "gave \(now), alone \(alone)"
  }

  package func check(writesPerThread: [Int]) -> Violations { Violations() }
}
