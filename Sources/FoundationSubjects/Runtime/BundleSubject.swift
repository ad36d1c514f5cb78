import Foundation
import StressKit

/// `Bundle.main` asked from every thread at once, as code locating its resources does: its
/// paths, identifier and info dictionary must be what they were alone, before the threads
/// started. (The Summary lists NSBundle as unsafe.)
package final class BundleSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "bundle-main",
    summary: "Bundle.main from every thread: bundlePath, executablePath, infoDictionary",
    documented: .unsafe, sendable: Sendability.of(Bundle.self), traits: [.readOnly],
    calls: [
      "Bundle.main",
      "bundlePath",
      "executablePath",
      "bundleIdentifier",
      "infoDictionary (its count)",
    ],
    leavesOut:
      "path(forResource:ofType:) and url(forResource:withExtension:): not covered yet; "
      + "object(forInfoDictionaryKey:): not covered yet; "
      + "localizedString(forKey:value:table:): not covered yet; Bundle(path:): not "
      + "covered yet"
  )

  private let alone: [String]

  static func describe() -> [String] {
    let bundle = Bundle.main
    return [
      bundle.bundlePath, bundle.executablePath ?? "nil", bundle.bundleIdentifier ?? "nil",
      "\(bundle.infoDictionary?.count ?? -1)",
    ]
  }

  package init(shape: TrialShape) {
    alone = Self.describe()
  }

  package func read(_ step: Step) -> String? {
    let now = Self.describe()
    return now == alone ? nil : "Bundle.main gave \(now), alone \(alone)"
  }

  package func check(writesPerThread: [Int]) -> Violations { Violations() }
}
