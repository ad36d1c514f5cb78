import Foundation
import StressPlatform

/// The machine a run happened on, recorded in every row so files from different machines and
/// toolchains can be concatenated and compared.
package struct RunEnvironment: Sendable, Equatable {
  package var toolchain: String
  package var os: String
  package var cpus: Int

  package init(toolchain: String, os: String, cpus: Int) {
    self.toolchain = toolchain
    self.os = os
    self.cpus = cpus
  }

  package static var current: RunEnvironment {
    RunEnvironment(
      toolchain: compilerVersion,
      os: "\(ProcessInfo.processInfo.operatingSystemVersionString); \(Platform.kernel())",
      cpus: ProcessInfo.processInfo.activeProcessorCount)
  }

  /// The compiler that built this binary (and hence the Foundation it links).
  static var compilerVersion: String {
    #if compiler(>=7.0)
      "swift-7+"
    #elseif compiler(>=6.6)
      "swift-6.6+"
    #elseif compiler(>=6.5)
      "swift-6.5"
    #elseif compiler(>=6.4)
      "swift-6.4"
    #elseif compiler(>=6.3.2)
      "swift-6.3.2"
    #elseif compiler(>=6.3.1)
      "swift-6.3.1"
    #elseif compiler(>=6.3)
      "swift-6.3"
    #elseif compiler(>=6.2)
      "swift-6.2"
    #elseif compiler(>=6.1)
      "swift-6.1"
    #else
      "swift-6.0"
    #endif
  }
}
