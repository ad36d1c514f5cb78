import Foundation
import StressKitBench
import StressKitCore
import StressKitEngine
import StressKitModel
import StressKitPlan
import StressKitRun

/// The tool's JSON style, for every `--format json`: pretty-printed, sorted, snake_case keys
/// (as the CSV's columns), one trailing newline.
package enum JSONOutput {
  package static func encode(_ value: some Encodable) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.keyEncodingStrategy = .convertToSnakeCase
    // JSON has no infinity or NaN; should one slip through, it is spelled out, not dropped.
    encoder.nonConformingFloatEncodingStrategy = .convertToString(
      positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    // The documents hold strings, numbers and optionals only: encoding cannot fail.
    return String(decoding: (try? encoder.encode(value)) ?? Data(), as: UTF8.self) + "\n"
  }
}
