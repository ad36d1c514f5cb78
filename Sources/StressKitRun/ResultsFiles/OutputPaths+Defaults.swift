import Foundation
import StressKitPlan

extension OutputPaths {
  /// `Results/<suite>-<UTC timestamp>.csv`, with `-2`, `-3`... if a run in the same second
  /// already took that name: a default never overwrites earlier results.
  package static func defaultResults(for plan: Plan, exists: (String) -> Bool) -> String {
    let f = DateFormatter()
    f.locale = Locale(identifier: "en_US_POSIX")
    f.timeZone = TimeZone(identifier: "UTC")
    f.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
    let stem =
      "Results/\(plan.suite.replacingOccurrences(of: "/", with: "_"))-\(f.string(from: plan.startedAt))"
    var path = stem + ".csv"
    var n = 1
    while exists(path) {
      n += 1
      path = "\(stem)-\(n).csv"
    }
    return path
  }

  /// `x.csv` -> `x-summary.csv`.
  package static func summary(besides path: String) -> String {
    (path.hasSuffix(".csv") ? String(path.dropLast(4)) : path) + "-summary.csv"
  }
}
