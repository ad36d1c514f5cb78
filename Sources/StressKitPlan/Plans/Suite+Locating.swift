import Foundation
import StressKitCore
import StressPlatform

// MARK: - Finding suite files

extension Suite {
  /// Where suites are looked up by name, most specific first: `$STRESS_SUITES`, `./Suites`,
  /// then a `Suites` folder beside the executable or above it (a `.build/release/stress`
  /// finds the package's own `Suites`).
  package static func searchDirectories() -> [String] {
    var dirs: [String] = []
    if let env = ProcessInfo.processInfo.environment["STRESS_SUITES"], !env.isEmpty {
      dirs.append(env)
    }
    dirs.append(FileManager.default.currentDirectoryPath + "/Suites")
    var dir = URL(fileURLWithPath: Platform.executablePath()).deletingLastPathComponent()
    for _ in 0..<5 {
      dirs.append(dir.appendingPathComponent("Suites").path)
      dir.deleteLastPathComponent()
    }
    var seen = Set<String>()
    return dirs.filter { seen.insert($0).inserted }
  }

  /// The names of the suites in the first search directory that has any.
  package static func availableNames(in directories: [String] = searchDirectories()) -> [String] {
    for dir in directories {
      let files = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
      let names = files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }
      if !names.isEmpty { return names.sorted() }
    }
    return []
  }

  /// Loads a suite by name (`collections`) or by path (`path/to/suite.json`).
  package static func locate(
    _ nameOrPath: String, in directories: [String] = searchDirectories()
  ) throws(PlanError) -> Suite {
    if nameOrPath.contains("/") || nameOrPath.hasSuffix(".json") {
      guard FileManager.default.fileExists(atPath: nameOrPath) else {
        throw .suiteMissing(path: nameOrPath)
      }
      return try load(path: nameOrPath)
    }
    for dir in directories {
      let path = "\(dir)/\(nameOrPath).json"
      if FileManager.default.fileExists(atPath: path) { return try load(path: path) }
    }
    throw .unknownSuite(nameOrPath, known: availableNames(in: directories))
  }
}
