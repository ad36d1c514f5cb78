import Foundation

/// A class of the application's own in an archived graph, as apps archive their model objects
/// (`NSKeyedArchiverSubject`). Top level: on Linux, `NSStringFromClass` traps on a nested
/// class, so the archiver could not name it.
package final class ArchivedRecord: NSObject, NSSecureCoding, @unchecked Sendable {
  package static var supportsSecureCoding: Bool { true }
  let token: Int
  package init(token: Int) { self.token = token }
  package func encode(with coder: NSCoder) { coder.encode(token, forKey: "token") }
  package init?(coder: NSCoder) { token = coder.decodeInteger(forKey: "token") }
}
