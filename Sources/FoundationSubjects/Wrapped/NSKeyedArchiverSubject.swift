import Foundation
import StressKit

/// What the Summary means by listing `NSCoder`: the coder is fine, the object graph it
/// encodes must not change meanwhile. Writes set one of 64 keys of a shared
/// `NSMutableDictionary` to a token: a number, a nested graph (an array holding the number and
/// a dictionary of it, one write in 64) or an object of a class of its own (`ArchivedRecord`, NSSecureCoding); reads
/// archive it with `NSKeyedArchiver`, with secure coding or without, and unarchive the bytes,
/// which must give a dictionary of those keys to tokens.
package final class NSKeyedArchiverSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "nskeyedarchiver-mutated",
    summary: "NSKeyedArchiver archiving an NSMutableDictionary changed meanwhile",
    documented: .unsafe, sendable: Sendability.of(NSKeyedArchiver.self),
    calls: [
      "NSMutableDictionary setObject(_:forKey:), 64 keys, of a number, a nested graph or an ArchivedRecord (write)",
      "NSKeyedArchiver.archivedData(withRootObject:requiringSecureCoding: false) (read)",
      "NSKeyedUnarchiver.unarchiveTopLevelObjectWithData(_:) (read)",
      "NSKeyedArchiver.archivedData(withRootObject:requiringSecureCoding: true) (read)",
      "NSKeyedUnarchiver.unarchivedObject(ofClasses:from:) (read)",
    ],
    leavesOut:
      "a shared NSKeyedArchiver instance (encode(_:forKey:), finishEncoding()): rare in "
      + "applications, which make one archiver per archive"
  )

  static let classes: [AnyClass] = [
    NSDictionary.self, NSNumber.self, NSArray.self, NSString.self, ArchivedRecord.self,
  ]

  static let keys = 64
  private let graph = NSMutableDictionary()

  package init(shape: TrialShape) {}

  package func write(_ step: Step) {
    let number = NSNumber(value: step.token)
    // A nested graph costs the archiver about 1.3 ms of its own here: one write in 64 makes one.
    let value: Any =
      switch (step.random >> 8) % 64 {
      case 0: NSArray(array: [number, NSDictionary(dictionary: ["token": number])])
      case 1...31: ArchivedRecord(token: step.token)
      default: number
      }
    graph.setObject(value, forKey: NSNumber(value: Int(step.random % UInt64(Self.keys))))
  }

  package func read(_ step: Step) -> String? {
    let secure = step.random & 1 == 0
    let data: Data
    do {
      data = try NSKeyedArchiver.archivedData(
        withRootObject: graph, requiringSecureCoding: secure)
    } catch {
      return "archiving failed: \(error)"
    }
    let back =
      secure
      ? try? NSKeyedUnarchiver.unarchivedObject(ofClasses: Self.classes, from: data)
      : try? NSKeyedUnarchiver.unarchiveTopLevelObjectWithData(data)
    guard let back = back as? NSDictionary
    else { return "the archive of \(data.count) bytes does not unarchive to a dictionary" }
    return Self.wrong(back)
  }

  /// The token a value holds, in any of the three shapes a write stores.
  package static func token(_ value: Any) -> Int? {
    if let number = value as? NSNumber { return number.intValue }
    if let record = value as? ArchivedRecord { return record.token }
    guard let array = value as? NSArray, array.count == 2,
      let number = (array[0] as? NSNumber)?.intValue,
      ((array[1] as? NSDictionary)?["token"] as? NSNumber)?.intValue == number
    else { return nil }
    return number
  }

  /// What is wrong with `dictionary` as a graph the writes could have made, or nil.
  static func wrong(_ dictionary: NSDictionary) -> String? {
    guard dictionary.count <= keys else { return "\(dictionary.count) keys, at most \(keys)" }
    for (key, value) in dictionary {
      guard let k = (key as? NSNumber)?.intValue, (0..<keys).contains(k) else {
        return "key \(key) was never set"
      }
      guard let token = token(value), Token.decode(token) != nil else {
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
