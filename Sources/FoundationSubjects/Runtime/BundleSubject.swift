import Foundation
import StressKit

/// `Bundle.main` asked from every thread at once, as code locating its resources does, and a
/// resource bundle of the trial's own (a folder with an Info.plist and a resource, as SwiftPM's
/// `Bundle.module` is on Linux) opened with `Bundle(path:)` by every thread and shared: paths,
/// resources, info keys and localized strings must be what they were alone, before the threads
/// started. (The Summary lists NSBundle as unsafe.)
package final class BundleSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "bundle-main",
    summary: "Bundle.main and a resource bundle from every thread: paths, resources, info keys",
    documented: .unsafe, sendable: Sendability.of(Bundle.self), traits: [.readOnly],
    calls: [
      "Bundle.main",
      "bundlePath",
      "executablePath",
      "bundleIdentifier",
      "infoDictionary (its count)",
      "Bundle(path:) of the trial's resource bundle, and one opened before, shared",
      "path(forResource:ofType:), url(forResource:withExtension:)",
      "object(forInfoDictionaryKey:)",
      "localizedString(forKey:value:table:)",
    ],
    leavesOut:
      "localized tables (.lproj folders): a server answers in the request's language from "
      + "its own tables, rarely through a bundle's; Bundle.allBundles and allFrameworks: "
      + "rare in applications")

  static let prefix = "stress.bundle."
  private let directory: PrivateDirectory
  private let shared: Bundle?
  private var alone: [String]

  /// Everything the reads ask, of `Bundle.main`, of `shared` and of a `Bundle(path:)` made now.
  package func describe() -> [String] {
    let main = Bundle.main
    var answers = [
      main.bundlePath, main.executablePath ?? "nil", main.bundleIdentifier ?? "nil",
      "\(main.infoDictionary?.count ?? -1)",
      main.path(forResource: "missing", ofType: "txt") ?? "nil",
      "\(main.object(forInfoDictionaryKey: "CFBundleName") ?? "nil")",
      main.localizedString(forKey: "stress.key", value: "fallback", table: nil),
    ]
    for bundle in [shared, Bundle(path: directory.path)] {
      guard let bundle else {
        answers.append("no bundle")
        continue
      }
      answers += [
        bundle.path(forResource: "resource", ofType: "txt") ?? "nil",
        bundle.url(forResource: "resource", withExtension: "txt")?.path ?? "nil",
        "\(bundle.object(forInfoDictionaryKey: "StressGreeting") ?? "nil")",
        bundle.bundleIdentifier ?? "nil",
        bundle.localizedString(forKey: "stress.key", value: "fallback", table: nil),
      ]
    }
    return answers
  }

  package init(shape: TrialShape) {
    _ = Self.sweep
    directory = PrivateDirectory(prefix: Self.prefix)
    let fm = FileManager.default
    try? fm.createDirectory(
      atPath: directory.file("Resources"), withIntermediateDirectories: true)
    _ = fm.createFile(atPath: directory.file("Resources/resource.txt"), contents: Data("r".utf8))
    let info = ["CFBundleIdentifier": "org.stress.resources", "StressGreeting": "hello"]
    let plist = try? PropertyListSerialization.data(
      fromPropertyList: info, format: .xml, options: 0)
    // Where Linux looks for it when the bundle has a Resources folder, and where SwiftPM puts it.
    for path in ["Info.plist", "Resources/Info.plist"] {
      _ = fm.createFile(atPath: directory.file(path), contents: plist)
    }
    shared = Bundle(path: directory.path)
    alone = []
    alone = describe()
  }

  deinit {
    directory.remove()
  }

  /// Once per process: what killed workers left (`PrivateDirectory.sweep`).
  static let sweep: Void = PrivateDirectory.sweep(prefix: prefix)

  package func read(_ step: Step) -> String? {
    let now = describe()
    return now == alone ? nil : "bundles gave \(now), alone \(alone)"
  }

  package func check(writesPerThread: [Int]) -> Violations { Violations() }
}
