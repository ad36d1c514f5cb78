// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "stress",
  products: [
    .executable(name: "stress", targets: ["stress"]),
    // The engine and the command line, for packages that stress their own types.
    .library(name: "StressKit", targets: ["StressKit"]),
    .library(name: "StressCLI", targets: ["StressCLI"]),
    .library(name: "FoundationSubjects", targets: ["FoundationSubjects"]),
    // `MyModelTest.check()` from a Swift Testing test.
    .library(name: "StressTesting", targets: ["StressTesting"]),
    // `swift package stress ...` in a package of one's own: builds its stress executable in
    // release and runs it.
    .plugin(name: "StressPlugin", targets: ["StressPlugin"]),
  ],
  targets: [
    // The system's calls, the one place for platform code: processes, threads, signals,
    // files, memory limits, symbols. Knows nothing of trials.
    .target(name: "StressPlatform", dependencies: ["CStressPlatform"]),
    // The engine, in layers along the flow; each may import only those above it, so the
    // compiler keeps the direction. No command-line code in any.
    // The public API's protocols and plain values, and the standard wrappers.
    .target(name: "StressKitCore", dependencies: ["StressPlatform"]),
    // The controlled scheduler and the model checker (linearizability, scenarios).
    .target(name: "StressKitModel", dependencies: ["StressPlatform", "StressKitCore"]),
    // Trials in one process: the loops, the catalog, model trials, the self-test subjects.
    .target(
      name: "StressKitEngine", dependencies: ["StressPlatform", "StressKitCore", "StressKitModel"]),
    // Suites, options, cells, budgets, shards, and the statistics that settle a cell.
    .target(
      name: "StressKitPlan",
      dependencies: ["StressPlatform", "StressKitCore", "StressKitModel", "StressKitEngine"]),
    // A run: workers, the fork server, the scheduler, crash reports, the results files.
    .target(
      name: "StressKitRun",
      dependencies: [
        "StressPlatform", "StressKitCore", "StressKitModel", "StressKitEngine", "StressKitPlan",
      ]),
    // `stress bench`: the harness's own overhead, detection and scheduling rates, measured.
    .target(
      name: "StressKitBench",
      dependencies: [
        "StressPlatform", "StressKitCore", "StressKitModel", "StressKitEngine", "StressKitPlan",
        "StressKitRun",
      ]),
    // What a run's cells mean and how they read, above the engine: verdicts, comparisons,
    // every renderer and its wording (a finding's too), and the run session that writes them.
    // The engine cannot import it (the build graph forbids the cycle).
    .target(
      name: "StressReports",
      dependencies: [
        "StressPlatform", "StressKitCore", "StressKitModel", "StressKitEngine", "StressKitPlan",
        "StressKitRun", "StressKitBench",
      ]),
    // What users import: every layer re-exported, and `ModelTest.explore()`, whose report the
    // reports word.
    .target(
      name: "StressKit",
      dependencies: [
        "StressPlatform", "StressKitCore", "StressKitModel", "StressKitEngine", "StressKitPlan",
        "StressKitRun", "StressKitBench", "StressReports",
      ]),
    // The C library calls Swift cannot make (variadic ones, such as prctl).
    .target(name: "CStressPlatform"),
    // The catalog of Foundation subjects, written against StressKit's public protocols.
    .target(name: "FoundationSubjects", dependencies: ["StressKit"]),
    // Argument parsing, help, console output: the `stress` command as a library entry point.
    .target(name: "StressCLI", dependencies: ["StressKit", "StressReports", "StressPlatform"]),
    .executableTarget(name: "stress", dependencies: ["StressCLI", "FoundationSubjects"]),
    // Model tests checked from Swift Testing (the toolchain's): kept out of the engine, so the
    // `stress` executable does not link the testing library.
    .target(name: "StressTesting", dependencies: ["StressKit", "StressReports"]),
    .plugin(
      name: "StressPlugin",
      capability: .command(
        intent: .custom(
          verb: "stress",
          description: "Build this package's stress executable in release and run it"))),
    // Crafted results files, shared by both test targets.
    .target(name: "StressTestSupport", dependencies: ["StressKit"], path: "Tests/Support"),
    .testTarget(
      name: "StressKitTests",
      dependencies: [
        "StressKit", "StressReports", "FoundationSubjects", "StressTestSupport", "StressTesting",
        "StressPlatform",
      ]
    ),
    .testTarget(
      name: "StressCLITests",
      dependencies: [
        "StressCLI", "StressReports", "FoundationSubjects", "stress", "StressTestSupport",
        "StressPlatform",
      ],
      // Read from the source tree by the tests, re-recorded there: not bundled resources.
      exclude: ["Golden"]),
  ],
  swiftLanguageModes: [.v6]
)
