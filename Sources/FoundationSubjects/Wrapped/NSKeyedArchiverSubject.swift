import Foundation
import StressKit

/// What the Summary means by listing `NSCoder`: the coder is fine, the object graph it
/// encodes must not change meanwhile. Writes set one of 64 keys of a shared
/// `NSMutableDictionary` to a token; reads archive it with `NSKeyedArchiver` and unarchive the
/// bytes, which must give a dictionary of those keys to tokens.
package final class NSKeyedArchiverSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "nskeyedarchiver-mutated",
    summary: "NSKeyedArchiver archiving an NSMutableDictionary changed meanwhile",
    documented: .unsafe, sendable: Sendability.of(NSKeyedArchiver.self),
    calls: [
      "NSMutableDictionary setObject(_:forKey:), 64 keys (write)",
      "NSKeyedArchiver.archivedData(withRootObject:requiringSecureCoding: false) (read)",
      "NSKeyedUnarchiver.unarchiveTopLevelObjectWithData(_:) (read)",
    ],
    leavesOut:
      "a shared NSKeyedArchiver instance (encode(_:forKey:), finishEncoding()): rare in "
      + "applications, which make one archiver per archive; secure coding: not covered "
      + "yet; custom NSCoding classes: not covered yet; nested graphs: not covered yet"
  )

  static let keys = 64
  private let graph = NSMutableDictionary()

  package init(shape: TrialShape) {}

  package func write(_ step: Step) {
    graph.setObject(
      NSNumber(value: step.token), forKey: NSNumber(value: Int(step.random % UInt64(Self.keys))))
  }

  package func read(_ step: Step) -> String? {
    let data: Data
    do {
      data = try NSKeyedArchiver.archivedData(withRootObject: graph, requiringSecureCoding: false)
    } catch {
      return "archiving failed: \(error)"
    }
    guard let back = (try? NSKeyedUnarchiver.unarchiveTopLevelObjectWithData(data)) as? NSDictionary
    else { return "the archive of \(data.count) bytes does not unarchive to a dictionary" }
    return Self.wrong(back)
  }

  /// What is wrong with `dictionary` as a graph the writes could have made, or nil.
  static func wrong(_ dictionary: NSDictionary) -> String? {
    guard dictionary.count <= keys else { return "\(dictionary.count) keys, at most \(keys)" }
    for (key, value) in dictionary {
      guard let k = (key as? NSNumber)?.intValue, (0..<keys).contains(k) else {
        return "key \(key) was never set"
      }
      guard let token = (value as? NSNumber)?.intValue, Token.decode(token) != nil else {
        return "key \(k) holds \(value), not a token"
      }
    }
    return nil
  }

  package func check(writesPerThread: [Int]) -> Violations {
    var violations = Violations()
    if let wrong = read(Step(thread: 0, seq: 0, random: 0)) { violations.add(wrong) }
    if writesPerThread.reduce(0, +) > 0 && graph.count == 0 { violations.add("no key is set") }
    return violations
  }
}
