import Foundation
import Testing

/// The public surface stays the API a package stressing its own types needs, each declaration
/// documented. Everything else is `package`: the CLI and the tests are in this package.
@Suite struct PublicSurfaceTests {
  /// The targets `import StressKit` re-exports: the umbrella and every `StressKit*` layer,
  /// read from the source tree so that a new layer cannot escape the count.
  static func stressKitTargets() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: "Sources")
      .filter { $0.hasPrefix("StressKit") }.sorted()
  }

  /// Each module's `public` declarations, as (file, line, text). Tests run from the package root.
  /// `StressKit` is what its users see: the umbrella and all its layers.
  func publicDeclarations(in module: String) throws -> [(file: String, line: Int, text: String)] {
    guard module != "StressKit" else {
      let targets = try Self.stressKitTargets()
      #expect(targets.count == 7, "\(targets)")
      return try targets.flatMap { try publicDeclarations(inTarget: $0) }
    }
    return try publicDeclarations(inTarget: module)
  }

  func publicDeclarations(inTarget module: String) throws -> [(
    file: String, line: Int, text: String
  )] {
    let root = "Sources/\(module)"
    let files = try #require(FileManager.default.subpathsOfDirectory(atPath: root) as [String]?)
    var found: [(String, Int, String)] = []
    for file in files.sorted() where file.hasSuffix(".swift") {
      let lines = try String(contentsOfFile: "\(root)/\(file)", encoding: .utf8)
        .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      for (i, line) in lines.enumerated() {
        let text = line.trimmingCharacters(in: .whitespaces)
        guard !text.hasPrefix("//"),
          text.range(of: #"(^|[^@\w])public "#, options: .regularExpression) != nil
        else { continue }
        // The summary line sits above the attributes.
        var j = i - 1
        while j >= 0, lines[j].trimmingCharacters(in: .whitespaces).hasPrefix("@") { j -= 1 }
        let documented = j >= 0 && lines[j].trimmingCharacters(in: .whitespaces).hasPrefix("///")
        found.append(("\(root)/\(file)", i + 1, documented ? "" : text))
      }
    }
    return found
  }

  // StressKit's ceiling was 150 until StandardErrorCapture (5 declarations), which lets a
  // subject stress what writes to standard error; 155 until model tests (ModelTest,
  // ModelOperation's read and write for 0 to 2 arguments, ScenarioOptions, Catalog.add: 23).
  // 178 until input domains (InputDomain and SubjectInfo's calls, inputs and leavesOut: 10),
  // which let a subject say what its verdict covers; 188 until `Catalog.add(specializing:)`,
  // the choice of a loop compiled for a cheap subject; 189 until the controlled scheduler
  // (issue 31: the scheduled lock, atomic, queue and condition, LockPrimitive, PlainAtomicInt,
  // ScheduleStrategy, ExplorationResult and ModelTest.explore: 45), which users' types adopt.
  // 234 until the standard wrappers' types became `package` (issue 29: at most 200), chosen
  // through `StandardWrappers.lock` and its kind, 10 values instead of 50 declarations.
  // 200 until issue 53's stand-ins with Synchronization's shapes, so that a user's type need
  // not be rewritten to be explored: `ScheduledMutex` (3) and `ScheduledAtomic` (10), with the
  // protocols that reach `Atomic`'s operations per storage size from generic code (22); and
  // `Shared` (5), the cell whose accesses are checked for data races; then the blocking ones,
  // `ScheduledReadWriteLock` (7) and `ScheduledSemaphore` (5). 250 until `ScheduledQueue`
  // took `DispatchQueue`'s whole shape (`attributes:`, `sync(flags:)`, `async`, `asyncAfter`:
  // 3 more) and `ScheduledGroup` came (`DispatchGroup`'s 7), for GCD's barrier pattern.
  // 260 until issue 49's async model tests: `ModelOperation`'s read and write for async
  // closures (8, the synchronous ones' twins, so an actor's test reads as a class's) and
  // `isAsync`.
  // 270 until issue 51's focused trials, which a user's subject opts into: `Focus` (its two
  // indices, its init and `Focus.call`), `TrialShape.focus`, `SubjectInfo.edges`,
  // `InputDomain.edges`, the domain's focused subscript and index (a table of expected
  // outputs looks its input up by index, as the catalog's `SequentialTable` does). 276 until `LoopbackHTTPServer`
  // (5), the server a subject of an HTTP client starts for itself, so that the catalog's
  // `urlsession`, written as a user writes a subject, keeps its socket calls in StressPlatform.
  // StressTesting is `ModelTest.check()`, under stress and under the controlled scheduler.
  // StressPlatform, the system's calls, is the package's own.
  @Test(arguments: [
    ("StressKit", 282), ("StressReports", 0), ("StressCLI", 10), ("FoundationSubjects", 3),
    ("StressTesting", 2), ("StressPlatform", 0),
  ])
  func theSurfaceIsSmallAndDocumented(module: String, ceiling: Int) throws {
    let declarations = try publicDeclarations(in: module)
    #expect(declarations.count <= ceiling, "\(module): \(declarations.count) public declarations")
    for d in declarations where !d.text.isEmpty {
      Issue.record("\(d.file):\(d.line): public without a /// summary: \(d.text)")
    }
  }

  @Test func selfTestsAndTheEngineAreNotPublic() throws {
    let declarations = try publicDeclarations(in: "StressKit")
    // The folders that hold what users write against; the rest of every layer is `package`.
    let surface = [
      "StressKitCore/PublicAPI/", "StressKitCore/StandardWrappers/",
      "StressKitModel/ScheduledPrimitives/", "StressKitEngine/Catalog/",
      "StressKit/ModelTest+Explore.swift",
    ]
    let outside = declarations.filter { d in !surface.contains { d.file.contains($0) } }
    #expect(outside.map { "\($0.file):\($0.line)" } == [])
  }
}
