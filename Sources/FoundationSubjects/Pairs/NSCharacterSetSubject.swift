import Foundation
import StressKit

/// An immutable `NSCharacterSet` shared read-only: the units whose value is a multiple of 3 in
/// 0x4E00..<0x5E00. Reads ask a random unit of that block and one outside it; arithmetic says
/// which are members.
package final class NSCharacterSetSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "nscharacterset",
    summary: "immutable NSCharacterSet, shared read-only: characterIsMember(_:)",
    documented: .safe, sendable: Sendability.of(NSCharacterSet.self), traits: [.readOnly],
    calls: [
      "characterIsMember(_:) (BMP units)"
    ],
    leavesOut:
      "longCharacterIsMember(_:), predefined sets (whitespaces, alphanumerics), inverted, bitmapRepresentation, use through rangeOfCharacter(from:)"
  )

  static let block = 0x4E00..<0x5E00
  private let set: NSCharacterSet

  package init(shape: TrialShape) {
    let units = Self.block.filter { $0 % 3 == 0 }.compactMap { Unicode.Scalar(UInt32($0)) }
    var scalars = String.UnicodeScalarView()
    scalars.append(contentsOf: units)
    set = NSCharacterSet(charactersIn: String(scalars))
  }

  package func read(_ step: Step) -> String? {
    let unit = Self.block.lowerBound + Int(step.random % UInt64(Self.block.count))
    if set.characterIsMember(UInt16(unit)) != (unit % 3 == 0) {
      return "characterIsMember(\(unit)) is \(!(unit % 3 == 0))"
    }
    let outside = UInt16(0x41 + Int(step.random >> 32) % 26)
    return set.characterIsMember(outside) ? "characterIsMember(\(outside)), never put in" : nil
  }

  package func check(writesPerThread: [Int]) -> Violations { Violations() }
}
