import Foundation

/// A named set of cells to run: subjects, wrappers, thread counts and budgets, read from
/// `Suites/<name>.json`.
public struct Suite: Sendable, Equatable {
  public var name: String
  public var description: String
  public var subjects: [String]
  /// nil: every wrapper in the catalog.
  public var wrappers: [String]?
  /// nil: `Suite.defaultThreads`.
  public var threads: [Int]?
  /// nil: each subject's own default.
  public var readRatio: Double?
  /// Per-mode budgets; a mode not named here uses its preset.
  public var budgets: [Mode: Budget]
  /// The file it was read from, if any.
  public var path: String?

  public static let defaultThreads = [1, 2, 4, 8]
  /// The most threads a cell may ask for (each is a real thread).
  public static let maxThreads = 1024
  /// The longest trial duration or timeout, in seconds (a day).
  public static let maxSeconds = 86_400.0

  public init(
    name: String, description: String = "", subjects: [String], wrappers: [String]? = nil,
    threads: [Int]? = nil, readRatio: Double? = nil, budgets: [Mode: Budget] = [:]
  ) {
    self.name = name
    self.description = description
    self.subjects = subjects
    self.wrappers = wrappers
    self.threads = threads
    self.readRatio = readRatio
    self.budgets = budgets
  }
}
