// swift-tools-version:6.0
import PackageDescription

// A package of your own that stresses its own type with `stress`: it depends on the stress
// package, writes subjects against StressKit's protocols, and gets the whole command line.
let package = Package(
  name: "CacheDemo",
  dependencies: [.package(name: "stress", path: "../..")],
  targets: [
    .executableTarget(
      name: "cache-stress",
      dependencies: [
        .product(name: "StressKit", package: "stress"),
        .product(name: "StressCLI", package: "stress"),
      ]),
    // The same model tests from Swift Testing (`swift test`), each in an exit test's child
    // process.
    .testTarget(
      name: "CacheDemoTests",
      dependencies: ["cache-stress", .product(name: "StressTesting", package: "stress")]),
  ],
  swiftLanguageModes: [.v6]
)
