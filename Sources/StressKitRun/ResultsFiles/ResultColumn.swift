import StressKitCore
import StressKitPlan

/// One column of the trial CSV, declared once in `ResultColumns.all`: its name, how a trial's
/// row writes it, what a file may hold in it, how a trial read back takes it, and what files
/// from before it existed held. The header, the rows, the loader's checks, the records it reads
/// and the reading of older files all come from these.
package struct ResultColumn: Sendable {
  package let name: String
  /// The value of trials in files written before this column existed; nil: it always was.
  package let earlier: String?
  let write:
    @Sendable (_ record: TrialRecord, _ plan: Plan, _ environment: RunEnvironment) -> String
  /// Whether `value` may stand in this column of `row` (a row of this version's columns).
  let accepts: @Sendable (_ value: String, _ row: ResultRow) -> Bool
  /// Puts an accepted `value` into a trial read back (`ResultsFile.records`); nil for a column
  /// of the run or the machine, which readers ask for by name.
  package let read: (@Sendable (_ value: String, _ record: inout TrialRecord) -> Void)?
  /// What files merged into one must agree on in this column (`ResultsMerge`).
  package let agreement: Agreement

  /// What a merge asks of a column across its files.
  package enum Agreement: Sendable {
    /// Nothing: it varies from cell to cell, trial to trial or machine to machine.
    case none
    /// It sets what a trial measured: every row of a driver holds what its first row holds.
    case measurement
    /// It names the run: the shards of one run hold one value (an empty one, from before the
    /// column, is not compared).
    case run
  }

  init(
    _ name: String, earlier: String? = nil, agreement: Agreement = .none,
    accepts: @escaping @Sendable (_ value: String, _ row: ResultRow) -> Bool = { _, _ in true },
    read: (@Sendable (_ value: String, _ record: inout TrialRecord) -> Void)? = nil,
    write:
      @escaping @Sendable (_ record: TrialRecord, _ plan: Plan, _ environment: RunEnvironment)
      -> String
  ) {
    self.name = name
    self.earlier = earlier
    self.agreement = agreement
    self.accepts = accepts
    self.read = read
    self.write = write
  }
}

/// One row of a trial CSV of this version, read by column name.
package struct ResultRow: Sendable {
  package let fields: [String]

  package init(_ fields: [String]) { self.fields = fields }

  /// The field of column `name`; empty for a name that is no column, or a short row.
  package subscript(_ name: String) -> String {
    guard let i = ResultColumns.index[name], i < fields.count else { return "" }
    return fields[i]
  }
}
