import Foundation
import StressKitCore
import StressKitEngine

/// What a worker tells its runner, one JSON line each on descriptor 3: the only language of
/// that channel, so neither side guesses at raw lines.
enum WorkerMessage: Codable, Equatable {
  /// The worker serves: one that dies before saying so never ran a trial (the harness failed).
  case ready
  /// The trial's single-threaded sanity pass succeeded; the measured trial comes next. A
  /// subject that dies before this is broken, not a finding.
  case sane
  /// The start barrier is about to release the threads: a crash is timed from here.
  case started
  /// The first of the trial's threads finished: the rest should follow (`HangForecast`).
  case firstThreadDone
  /// Every thread of the trial finished; its check runs next.
  case threadsDone
  /// The trial's result.
  case result(TrialResult)

  /// The message that reports a trial's milestone.
  init(_ milestone: Trial.Milestone) {
    switch milestone {
    case .sane: self = .sane
    case .started: self = .started
    case .firstThreadDone: self = .firstThreadDone
    case .threadsDone: self = .threadsDone
    }
  }

  /// The message as the line that carries it.
  var line: [UInt8] {
    // A message of plain values always encodes.
    ((try? JSONEncoder().encode(self)).map { [UInt8]($0) } ?? []) + [UInt8(ascii: "\n")]
  }
}
