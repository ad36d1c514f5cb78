import Foundation
import StressKit

/// `NSMutableCharacterSet` shared and grown while others test membership: each write adds one
/// character of its own (thread and write number mapped into U+3400...U+D7FF, so the set's
/// storage changes shape as it grows), each read asks for a letter of the set's start, which
/// must stay, and for a character no write adds (the private use area), which must never
/// appear. At the end every added character is a member. (Not the supplementary planes: on
/// Linux a character added there is not a member afterwards, even on one thread.)
///
/// The set is a mutable copy of an immutable one: on Linux, a set made by
/// `NSMutableCharacterSet()` or `init(charactersIn:)` is immutable underneath and traps on its
/// first mutation, even on one thread (swift-corelibs-foundation issues 5141 and 5262).
package final class NSMutableCharacterSetSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "nsmutablecharacterset",
    summary: "NSMutableCharacterSet: addCharacters(in:) while others test longCharacterIsMember",
    documented: .unsafe, sendable: Sendability.of(NSMutableCharacterSet.self),
    calls: [
      "addCharacters(in:) of one BMP character (write)",
      "longCharacterIsMember(_:) (read)",
    ],
    leavesOut:
      "removeCharacters(in:), formUnion(with:), formIntersection(with:), invert(), supplementary-plane characters, characterIsMember(_:)"
  )

  static let start = "abcdefghij"
  /// What writes add, below the surrogates; what none adds, in the private use area.
  static let first: UInt32 = 0x3400
  static let span: UInt32 = 0xD800 - 0x3400
  static let never: UInt32 = 0xE000
  private let shape: TrialShape
  private let set: NSMutableCharacterSet

  package init(shape: TrialShape) {
    self.shape = shape
    set = NSCharacterSet(charactersIn: Self.start).mutableCopy() as! NSMutableCharacterSet
  }

  /// The character a thread's `seq`-th write adds: each thread has its own share of the planes.
  func scalar(thread: Int, seq: Int) -> UInt32 {
    let share = Self.span / UInt32(max(1, shape.threads))
    return Self.first + UInt32(thread) * share + UInt32(seq) % share
  }

  package func write(_ step: Step) {
    let value = scalar(thread: step.thread, seq: step.seq)
    set.addCharacters(in: String(Character(Unicode.Scalar(value)!)))
  }

  package func read(_ step: Step) -> String? {
    let letters = Array(Self.start.unicodeScalars)
    let letter = letters[Int(step.random % UInt64(letters.count))]
    if !set.longCharacterIsMember(letter.value) { return "lost \(letter) of the start" }
    let stranger = Self.never + UInt32(step.random >> 32 & 0xFFF)
    if set.longCharacterIsMember(stranger) {
      return "U+\(String(stranger, radix: 16, uppercase: true)), never added, is a member"
    }
    return nil
  }

  package func check(writesPerThread: [Int]) -> Violations {
    var violations = Violations()
    for (thread, writes) in writesPerThread.enumerated() {
      for seq in 0..<writes where !set.longCharacterIsMember(scalar(thread: thread, seq: seq)) {
        violations.add("write #\(seq) of thread \(thread) is missing")
      }
    }
    for letter in Self.start.unicodeScalars where !set.longCharacterIsMember(letter.value) {
      violations.add("lost \(letter) of the start")
    }
    return violations
  }
}
