import Foundation

/// Writes one CSV row per trial, each with a single write(2) the moment the trial ends, so a
/// killed run leaves whole rows only.
public final class CSVResultsWriter: RunObserver {
  public let path: String
  private let descriptor: Int32
  private let environment: RunEnvironment
  private var plan: Plan?

  public struct WriteError: Error, CustomStringConvertible {
    public var description: String
  }

  /// Creates (or truncates) the file; throws if it cannot be opened.
  public init(path: String, environment: RunEnvironment = .current) throws {
    self.path = path
    self.environment = environment
    do {
      descriptor = try Platform.openForWriting(path)
    } catch {
      throw WriteError(description: "cannot write results to '\(path)': \(Platform.errorMessage())")
    }
  }

  deinit {
    Platform.closeDescriptor(descriptor)
  }

  public func runStarted(_ plan: Plan) throws {
    self.plan = plan
    try append(CSV.line(ResultColumns.header))
  }

  public func trialFinished(_ record: TrialRecord) throws {
    guard let plan else { return }
    try append(CSV.line(ResultColumns.row(record, plan: plan, environment: environment)))
  }

  private func append(_ line: String) throws {
    guard Platform.writeAll(descriptor, Array(line.utf8)) else {
      throw WriteError(
        description: "writing results to '\(path)' failed: \(Platform.errorMessage())")
    }
  }
}
