import Foundation
import StressKit

/// One `PortMessage` (the Summary's NSPortMessage) shared while threads renumber it, as a
/// message prepared once and sent from several threads is: each write sets `msgid` to the low
/// 32 bits of its token, each read gets `msgid` and `components`. The id must be 0 or one a
/// write set (its check byte matches some thread), the components exactly the ones it was
/// made with. At the end the id is the last one some thread set.
package final class PortMessageSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "portmessage",
    summary: "one PortMessage: msgid set from every thread, msgid and components read",
    documented: .safe, sendable: Sendability.of(PortMessage.self),
    calls: [
      "msgid set (write)",
      "msgid get (read)",
      "components get (read)",
    ],
    leavesOut: "send(before:), sendPort and receivePort, actually sending or receiving the "
      + "message: they need a port, and on Linux Port's init() traps and SocketPort traps "
      + "receiving even from one thread")

  static let components = [Data("first".utf8), Data("second".utf8)]
  private let shape: TrialShape
  private let message: PortMessage

  package init(shape: TrialShape) {
    self.shape = shape
    message = PortMessage(
      sendPort: nil, receivePort: nil, components: Self.components.map { NSData(data: $0) })
  }

  /// The write an id came from, (-1, -1) for 0, nil if none could have set it.
  func origin(of id: UInt32) -> (thread: Int, seq: Int)? {
    if id == 0 { return (-1, -1) }
    return (0..<shape.threads).lazy.compactMap { thread in
      Token.decode((thread + 1) << 40 | Int(id))
    }.first
  }

  package func write(_ step: Step) {
    message.msgid = UInt32(truncatingIfNeeded: step.token)
  }

  package func read(_ step: Step) -> String? {
    let id = message.msgid
    if origin(of: id) == nil { return "msgid is \(id), which no write set" }
    guard let components = message.components as? [NSData],
      components.map({ Data($0) }) == Self.components
    else {
      return "the components changed: \(String(describing: message.components))"
    }
    return nil
  }

  package func check(writesPerThread: [Int]) -> Violations {
    var violations = Violations()
    let id = message.msgid
    let lasts = writesPerThread.enumerated().compactMap { thread, writes in
      writes == 0 ? nil : UInt32(truncatingIfNeeded: Token.encode(thread: thread, seq: writes - 1))
    }
    if !(lasts.isEmpty ? id == 0 : lasts.contains(id)) {
      violations.add("msgid ended as \(id), not the last one any thread set")
    }
    return violations
  }
}
