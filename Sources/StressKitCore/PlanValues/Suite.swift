import Foundation

/// A named set of cells to run: subjects, wrappers, thread counts and budgets, read from
/// `Suites/<name>.json`.
package struct Suite: Sendable, Equatable {
  package var name: String
  package var description: String
  package var subjects: [String]
  /// nil: every wrapper in the catalog.
  package var wrappers: [String]?
  /// nil: `Suite.defaultThreads`.
  package var threads: [Int]?
  /// nil: each subject's own default.
  /// The read mixes to sweep (`read_ratios`, or one `read_ratio`).
  package var readRatios: [Double]?
  /// Per-mode budgets; a mode not named here uses its preset.
  package var budgets: [Mode: Budget]
  /// The file it was read from, if any.
  package var path: String?

  package static let defaultThreads = [1, 2, 4, 8]
  /// The most threads a cell may ask for (each is a real thread).
  package static let maxThreads = 1024
  /// The longest trial duration or timeout, in seconds (a day).
  package static let maxSeconds = 86_400.0

  package init(
    name: String, description: String = "", subjects: [String], wrappers: [String]? = nil,
    threads: [Int]? = nil, readRatios: [Double]? = nil, budgets: [Mode: Budget] = [:]
  ) {
    self.name = name
    self.description = description
    self.subjects = subjects
    self.wrappers = wrappers
    self.threads = threads
    self.readRatios = readRatios
    self.budgets = budgets
  }
}
