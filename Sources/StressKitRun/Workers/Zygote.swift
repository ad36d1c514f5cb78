import Foundation
import StressKitCore
import StressKitEngine
import StressPlatform

/// The fork server's own side (`ForkServer`): a process of the `stress` executable that stays
/// single-threaded and forks workers on request. It never runs subject code; each forked
/// worker becomes `Worker.serve`.
package enum Zygote {
  /// The hidden argument that turns the executable into a zygote.
  package static let command = "__zygote"

  /// What a worker is asked to do beyond serving trials.
  struct Flags: OptionSet {
    let rawValue: Int32
    /// Report where a crash happened (`CrashReport`).
    static let reportsCrashes = Flags(rawValue: 1)
  }

  /// Serves forks until the runner closes the channel, then exits; in each worker, serves
  /// trials. Never returns.
  package static func serve(catalog: Catalog, arguments: [String]) -> Never {
    let runner = parentPID(arguments) ?? Platform.parentProcessID
    warmUp(catalog)
    guard let flags = Platform.serveForks(control: 3, runner: runner) else {
      Platform.exitImmediately(0)
    }
    // A worker is named as one in `ps`, not as the zygote it was forked from.
    Platform.retitle([Worker.command, "--forked"], name: "stress-worker")
    var workerArguments = ["--parent-pid", String(runner)]
    if Flags(rawValue: flags).contains(.reportsCrashes) {
      workerArguments.append(Worker.crashReportFlag)
    }
    Worker.serve(catalog: catalog, arguments: workerArguments)
  }

  /// What every worker does before its first trial and that runs no subject code: the wire's
  /// coders, and the catalog's descriptions (each type's `info`, made on first use, read by
  /// every lookup of an id), so their set-up is paid once, here, and shared by every fork.
  private static func warmUp(_ catalog: Catalog) {
    _ = catalog.entries.map(\.info.id)
    _ = catalog.wrapperInfos.map(\.id)
    let spec = TrialSpec(
      subject: "", wrapper: "", threads: 1, readRatio: 0, bound: .ops(1), seed: 0)
    if let line = try? JSONEncoder().encode(spec) {
      _ = try? JSONDecoder().decode(TrialSpec.self, from: line)
    }
    _ = WorkerMessage.result(.harnessFault("")).line
  }

  private static func parentPID(_ arguments: [String]) -> Int32? {
    guard let i = arguments.firstIndex(of: "--parent-pid"), i + 1 < arguments.count else {
      return nil
    }
    return Int32(arguments[i + 1])
  }
}
