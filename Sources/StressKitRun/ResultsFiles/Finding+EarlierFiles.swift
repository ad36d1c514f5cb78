import StressKitCore

extension Finding.Kind {
  /// The kind of a trial's failure in a file from before the `finding` column: read from its
  /// outcome and the words its detail then started with. The one place a kind is read from
  /// text, and only for such files; nil for a trial that found nothing, or a harness fault.
  static func inferred(_ outcome: Outcome, detail: String, harnessFault: Bool) -> Self? {
    let text = detail.hasPrefix(burstWords) ? String(detail.dropFirst(burstWords.count)) : detail
    switch outcome {
    case .ok: return nil
    case .crash: return .crash
    case .hang:
      if text.hasPrefix("deadlock: ") { return .deadlock }
      if text.hasPrefix("livelock in ") { return .livelock }
      if text.hasPrefix("stuck in ") { return .stuckThread }
      return .hang
    case .corrupt:
      if text.hasPrefix("not linearizable: ") { return .notLinearizable }
      if text.hasPrefix("data race: ") { return .dataRace }
      if text.hasPrefix("misused primitive in ") { return .misuse }
      return text.hasPrefix("end state: ") ? .endState : .corruptRead
    case .error:
      if harnessFault { return nil }
      if text.hasPrefix("replay diverged") { return .replayDiverged }
      return text.hasPrefix("fails single-threaded") ? .brokenTest : nil
    }
  }

  private static let burstWords = "in the detection burst: "

  /// The replay token a detail from before the `replay_token` column names, if it names one.
  static func inferredReplay(_ detail: String) -> String? {
    for marker in ["--strategy replay:", ".replay(\""] {
      guard let range = detail.range(of: marker) else { continue }
      let token = detail[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "." }
      if !token.isEmpty { return String(token) }
    }
    return nil
  }
}
