import Foundation
import StressTestSupport
import Testing

/// The targets follow the data: the system's calls, the engine's layers (the API and plain
/// values, the model checker, trials, plans, runs, the bench), what its cells and findings mean
/// and how they read, the umbrella, then the command line. SwiftPM refuses a cycle between declared dependencies, but a file may
/// still import a module its target does not declare and build by luck of the build order;
/// this holds every import of the package's own modules to the flow.
@Suite struct ModuleGraphTests {
  /// What each target may import of this package's modules. The catalog is written against
  /// the public API as a user's would be, so it sees the engine only.
  static let allowed: [String: Set<String>] = [
    "CStressPlatform": [],
    "StressPlatform": ["CStressPlatform"],
    "StressKitCore": ["StressPlatform"],
    "StressKitModel": ["StressPlatform", "StressKitCore"],
    "StressKitEngine": ["StressPlatform", "StressKitCore", "StressKitModel"],
    "StressKitPlan": ["StressPlatform", "StressKitCore", "StressKitModel", "StressKitEngine"],
    "StressKitRun": [
      "StressPlatform", "StressKitCore", "StressKitModel", "StressKitEngine", "StressKitPlan",
    ],
    "StressKitBench": [
      "StressPlatform", "StressKitCore", "StressKitModel", "StressKitEngine", "StressKitPlan",
      "StressKitRun",
    ],
    "StressReports": [
      "StressPlatform", "StressKitCore", "StressKitModel", "StressKitEngine", "StressKitPlan",
      "StressKitRun", "StressKitBench",
    ],
    "StressKit": [
      "StressPlatform", "StressKitCore", "StressKitModel", "StressKitEngine", "StressKitPlan",
      "StressKitRun", "StressKitBench", "StressReports",
    ],
    "FoundationSubjects": ["StressKit"],
    "StressTesting": ["StressKit", "StressReports"],
    "StressCLI": ["StressKit", "StressReports", "StressPlatform"],
    "stress": ["StressCLI", "FoundationSubjects"],
  ]

  /// Each import of one of the package's modules in the sources under `root` (a target's
  /// folder), as (file, module).
  static func imports(in root: String) throws -> [(file: String, module: String)] {
    let files = try FileManager.default.subpathsOfDirectory(atPath: root)
    return try files.sorted().filter { $0.hasSuffix(".swift") }.flatMap { file in
      try String(contentsOfFile: "\(root)/\(file)", encoding: .utf8)
        .split(separator: "\n").compactMap { line -> (String, String)? in
          // `import X`, `@testable import X`, `@_exported import X`, `import struct X.Y`.
          let words = line.split(separator: " ").map(String.init)
          guard let at = words.firstIndex(of: "import"),
            words[..<at].allSatisfy({ $0.hasPrefix("@") })
          else { return nil }
          let rest = words[(at + 1)...].drop { ["struct", "class", "enum", "func"].contains($0) }
          guard let name = rest.first?.split(separator: ".").first.map(String.init),
            allowed[name] != nil
          else { return nil }
          return ("\(root)/\(file)", name)
        }
    }
  }

  @Test func everyTargetIsListed() throws {
    let targets = try FileManager.default.contentsOfDirectory(atPath: "Sources")
      .filter { !$0.hasPrefix(".") }
    #expect(Set(targets) == Set(Self.allowed.keys))
  }

  @Test(arguments: allowed.keys.sorted())
  func importsFollowTheFlow(target: String) throws {
    let against = try Self.imports(in: "Sources/\(target)").filter {
      $0.module != target && !Self.allowed[target]!.contains($0.module)
    }
    #expect(against.map { "\($0.file) imports \($0.module)" } == [])
  }

  /// Platform code lives in one place: only StressPlatform imports the C library or the
  /// system's own modules.
  @Test func onlyThePlatformTargetImportsTheSystem() throws {
    let system = ["Glibc", "Musl", "Darwin", "CStressPlatform"]
    var found: [String] = []
    for target in Self.allowed.keys.sorted() where target != "StressPlatform" {
      let root = "Sources/\(target)"
      for file in try FileManager.default.subpathsOfDirectory(atPath: root)
      where file.hasSuffix(".swift") {
        let text = try String(contentsOfFile: "\(root)/\(file)", encoding: .utf8)
        for line in text.split(separator: "\n") {
          let words = line.split(separator: " ").map(String.init)
          if let at = words.firstIndex(of: "import"), at + 1 < words.count,
            words[..<at].allSatisfy({ $0.hasPrefix("@") }), system.contains(words[at + 1])
          {
            found.append("\(root)/\(file) imports \(words[at + 1])")
          }
        }
      }
    }
    #expect(found == [])
    // And StressPlatform does, so the check reads what it means to.
    let platform = try String(
      contentsOfFile: "Sources/StressPlatform/Platform.swift", encoding: .utf8)
    #expect(platform.contains("import Glibc") || platform.contains("import CStressPlatform"))
  }

  /// The reader finds each form of import, so an import against the flow cannot hide.
  @Test func everyFormOfImportIsRead() throws {
    let directory = try TestDirectory.make("module-graph").path
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let text = """
      import Foundation
      import StressKit
      @testable import StressReports
      import struct StressCLI.StressCommand
      // import FoundationSubjects
      let note = "import stress"

      """
    try text.write(toFile: "\(directory)/A.swift", atomically: true, encoding: .utf8)
    let found = try Self.imports(in: directory).map(\.module)
    #expect(found == ["StressKit", "StressReports", "StressCLI"])
  }
}
