import Foundation
import PackagePlugin

/// `swift package stress <arguments>`, in a package of one's own: finds the package's stress
/// executable (the one whose target depends on StressCLI), builds it in release, and runs it
/// with the arguments passed through, so `swift package stress run --suite mine` is the whole
/// habit, as `swift package benchmark` is package-benchmark's. `--target <name>` picks one
/// executable where there are several. The exit status is the tool's.
@main struct StressPlugin: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    var arguments = arguments
    var chosen: String?
    if let i = arguments.firstIndex(of: "--target") {
      guard i + 1 < arguments.count else { fail("--target needs the name of an executable") }
      chosen = arguments[i + 1]
      arguments.removeSubrange(i...i + 1)
    }
    let executables = context.package.products.compactMap { $0 as? ExecutableProduct }
    let stressing = executables.filter { product in
      product.mainTarget.dependencies.contains {
        if case .product(let dependency) = $0 { return dependency.name == "StressCLI" }
        return false
      }
    }
    let product: ExecutableProduct
    if let chosen {
      guard let named = executables.first(where: { $0.name == chosen }) else {
        fail("no executable named '\(chosen)' in \(context.package.displayName)")
      }
      product = named
    } else if stressing.count == 1 {
      product = stressing[0]
    } else if stressing.isEmpty {
      fail(
        "no executable of \(context.package.displayName) depends on StressCLI; "
          + "add one that calls StressCommand.main(catalog:)")
    } else {
      fail(
        "several executables depend on StressCLI (\(stressing.map(\.name).joined(separator: ", "))); "
          + "choose one with --target <name>")
    }
    let built = try packageManager.build(
      .product(product.name), parameters: .init(configuration: .release, logging: .concise))
    guard built.succeeded,
      let artifact = built.builtArtifacts.first(where: { $0.kind == .executable })
    else {
      FileHandle.standardError.write(Data(built.logText.utf8))
      fail("the release build of \(product.name) failed")
    }
    let process = Process()
    process.executableURL = artifact.url
    process.arguments = arguments
    // Ctrl-C or a kill reaches this process, not always the tool: pass it on, so the tool
    // stops as it does on its own (its finished rows kept, its workers stopped) instead of
    // running on orphaned.
    let forwards = [SIGINT, SIGTERM, SIGHUP].map { number in
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { kill(process.processIdentifier, number) }
      source.resume()
      return source
    }
    try process.run()
    process.waitUntilExit()
    forwards.forEach { $0.cancel() }
    // The shells' convention for a tool that a signal ended: 128 + its number.
    exit(
      process.terminationReason == .uncaughtSignal
        ? 128 + process.terminationStatus : process.terminationStatus)
  }

  /// One line on stderr, as the tool's own errors, and exit 64.
  func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("Error: \(message)\n".utf8))
    exit(64)
  }
}
