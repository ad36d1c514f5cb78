/// Writes the per-cell summary CSV when the run ends (scaling and cost need every cell). The
/// file is opened, and its header written, when the run starts, so a bad path fails early.
public final class SummaryCSVWriter: RunObserver {
  public let path: String
  private let descriptor: Int32
  private let environment: RunEnvironment
  private var plan: Plan?

  public init(path: String, environment: RunEnvironment = .current) throws {
    self.path = path
    self.environment = environment
    do {
      descriptor = try Platform.openForWriting(path)
    } catch {
      throw CSVResultsWriter.WriteError(
        description: "cannot write the summary to '\(path)': \(error)")
    }
  }

  deinit {
    Platform.closeDescriptor(descriptor)
  }

  public func runStarted(_ plan: Plan) throws {
    self.plan = plan
    try append(CSV.line(SummaryColumns.header))
  }

  public func runFinished(_ records: [TrialRecord]) throws {
    guard let plan else { return }
    let text = CellStatistics.compute(records)
      .map { CSV.line(SummaryColumns.row($0, plan: plan, environment: environment)) }
      .joined()
    try append(text)
  }

  private func append(_ text: String) throws {
    guard Platform.writeAll(descriptor, Array(text.utf8)) else {
      throw CSVResultsWriter.WriteError(
        description: "writing the summary to '\(path)' failed: \(Platform.errorMessage())")
    }
  }
}
