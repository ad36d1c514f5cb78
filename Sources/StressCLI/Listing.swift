import StressKit
import StressReports

/// `stress list --format json`: the catalog and the suites, for scripts.
struct Listing: Encodable {
  var formatVersion = 1
  var subjects: [Subject]
  var wrappers: [Wrapper]
  var suites: [SuiteEntry]

  struct Subject: Encodable {
    var id: String
    var documented: String
    /// What the class's own reference says beyond the Summary, with its source.
    var reference: String?
    var sendable: Bool?
    /// Why the subject must never fail under some wrappers (see `Expectation`).
    var expectations: [String]
    var readRatio: Double
    var readOnly: Bool
    var hidden: Bool
    var summary: String
    /// The calls its operations make, so its verdict is read as covering these.
    var calls: [String]
    /// Its input domains, edge values first.
    var inputs: [String]
    var leavesOut: String?
  }

  struct Wrapper: Encodable {
    var id: String
    var `protected`: Bool
    /// Lets reads overlap: a read-only subject is unprotected under it.
    var sharesReads: Bool
    var driver: String
    var summary: String
  }

  struct SuiteEntry: Encodable {
    var name: String
    /// nil when the suite file cannot be read.
    var description: String?
    var subjects: [String]?
  }

  init(subjects: [Subject], wrappers: [Wrapper], suites: [SuiteEntry]) {
    self.subjects = subjects
    self.wrappers = wrappers
    self.suites = suites
  }

  func json() -> String { JSONOutput.encode(self) }
}
