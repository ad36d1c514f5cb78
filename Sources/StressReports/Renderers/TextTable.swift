import StressKitBench
import StressKitCore
import StressKitEngine
import StressKitModel
import StressKitPlan
import StressKitRun

/// A plain-text table with left-aligned columns, two spaces apart.
package struct TextTable {
  package var header: [String]
  package var rows: [[String]]

  package init(header: [String], rows: [[String]]) {
    self.header = header
    self.rows = rows
  }

  package func render() -> String {
    let all = [header] + rows
    let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
    return all.map { row in
      var line = "  "
      for (column, cell) in row.enumerated() {
        let last = column == row.count - 1
        line += last ? cell : cell + String(repeating: " ", count: widths[column] - cell.count + 2)
      }
      return line
    }.joined(separator: "\n") + "\n"
  }
}
