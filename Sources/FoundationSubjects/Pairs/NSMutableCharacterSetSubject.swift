import Foundation
import StressKit

/// `NSMutableCharacterSet` shared and grown while others test membership: each write adds one
/// character of its own (thread and write number mapped into U+3400...U+D7FF, so the set's
/// storage changes shape as it grows) as a string, as a range or by union, or adds a scratch
/// character of the private use area (U+F000...) and removes it again. Reads ask for a letter
/// of the set's start, which must stay (as a scalar and as a UTF-16 unit), for a character no
/// write adds (U+E000...), which must never appear, for a scratch character, which a whole write
/// never leaves, whether the first plane has members, and whether the set still contains its
/// start, itself and bridged to `CharacterSet`. At the end every added character is a member. (Not the supplementary planes: on
/// Linux a character added there is not a member afterwards, even on one thread.)
///
/// The set is a mutable copy of an immutable one: on Linux, a set made by
/// `NSMutableCharacterSet()` or `init(charactersIn:)` is immutable underneath and traps on its
/// first mutation, even on one thread (swift-corelibs-foundation issues 5141 and 5262).
package final class NSMutableCharacterSetSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "nsmutablecharacterset",
    summary: "NSMutableCharacterSet: add (string, range, union), remove; membership, superset",
    documented: .unsafe, sendable: Sendability.of(NSMutableCharacterSet.self),
    calls: Write.allCases.map(\.rawValue) + Read.allCases.map(\.rawValue),
    leavesOut: "formIntersection(with:), invert(): rare in applications; supplementary-plane "
      + "characters: a member added there is lost even on one thread")

  package enum Write: String, CaseIterable {
    case string = "addCharacters(in:) of a one-character string"
    case range = "addCharacters(in:) of a one-character NSRange"
    case union = "formUnion(with:) of a one-character set"
    case remove = "addCharacters(in:) then removeCharacters(in:) of a scratch character"
  }

  package enum Read: String, CaseIterable {
    case long = "longCharacterIsMember(_:)"
    case unit = "characterIsMember(_:)"
    case plane = "hasMemberInPlane(0)"
    case superset = "isSuperset(of:) the start"
    case bridged = "bridged to CharacterSet: contains(_:) a letter of the start"
  }

  package static let writes = InputDomain("writes", edges: [], ordinary: Write.allCases)
  package static let reads = InputDomain("reads", edges: [], ordinary: Read.allCases)
  static let startSet = CharacterSet(charactersIn: start)

  static let start = "abcdefghij"
  /// What writes add, below the surrogates; what none adds, in the private use area.
  static let first: UInt32 = 0x3400
  static let span: UInt32 = 0xD800 - 0x3400
  static let never: UInt32 = 0xE000
  static let scratch: UInt32 = 0xF000
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
    let one = String(Character(Unicode.Scalar(value)!))
    switch Self.writes[step] {
    case .string: set.addCharacters(in: one)
    case .range: set.addCharacters(in: NSRange(location: Int(value), length: 1))
    case .union: set.formUnion(with: CharacterSet(charactersIn: one))
    case .remove:
      let scratch = String(Character(Unicode.Scalar(Self.scratch + value % 0x800)!))
      set.addCharacters(in: scratch)
      set.removeCharacters(in: scratch)
      set.addCharacters(in: one)
    }
  }

  package func read(_ step: Step) -> String? {
    let letters = Array(Self.start.unicodeScalars)
    let letter = letters[Int(step.random % UInt64(letters.count))]
    switch Self.reads[step] {
    case .long:
      if !set.longCharacterIsMember(letter.value) { return "lost \(letter) of the start" }
      let stranger = Self.never + UInt32(step.random >> 32 & 0xFFF)
      if set.longCharacterIsMember(stranger) {
        return "U+\(String(stranger, radix: 16, uppercase: true)), never added, is a member"
      }
      let scratch = Self.scratch + UInt32(step.random >> 44 & 0x7FF)
      if set.longCharacterIsMember(scratch) {
        return "U+\(String(scratch, radix: 16, uppercase: true)), removed, is a member"
      }
      return nil
    case .unit:
      return set.characterIsMember(UInt16(letter.value)) ? nil : "lost \(letter) of the start"
    case .plane:
      return set.hasMemberInPlane(0) ? nil : "no member in plane 0"
    case .superset:
      return set.isSuperset(of: Self.startSet) ? nil : "no longer a superset of its start"
    case .bridged:
      let bridged = set as CharacterSet
      return bridged.contains(letter) ? nil : "bridged, lost \(letter) of the start"
    }
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
