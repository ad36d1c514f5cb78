import StressKitCore

/// What identifies a cell across files: subject, wrapper, threads, roles, driver and read mix.
/// Files from different runs (a baseline, shards) are matched on it.
package struct CellKey: Hashable, Sendable, Comparable {
  package var subject: String
  package var wrapper: String
  package var threads: Int
  package var readers: Int?
  package var driver: Driver
  package var readRatio: Double

  package init(_ cell: Cell) {
    subject = cell.subject
    wrapper = cell.wrapper
    threads = cell.threads
    readers = cell.readers
    driver = cell.driver
    readRatio = cell.readRatio
  }

  var fields: [String] {
    [
      subject, wrapper, String(threads), readers.map(String.init) ?? "", driver.rawValue,
      String(readRatio),
    ]
  }

  /// "swift-array / lock / 4 threads", with roles or a driver only when they are not the default.
  package var label: String {
    var text = "\(subject) / \(wrapper) / \(threads) thread\(threads == 1 ? "" : "s")"
    if let readers { text += " (\(readers) readers)" }
    if driver == .dispatchApply { text += " (dispatch-apply)" }
    return text
  }

  package static func < (a: CellKey, b: CellKey) -> Bool {
    (a.subject, a.wrapper, a.threads, a.readers ?? -1, a.driver.rawValue, a.readRatio)
      < (b.subject, b.wrapper, b.threads, b.readers ?? -1, b.driver.rawValue, b.readRatio)
  }
}
