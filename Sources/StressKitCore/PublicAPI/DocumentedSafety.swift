/// What Apple's Thread Safety Summary (Threading Programming Guide) says about a type.
///
/// This is documentation, never a verdict: the verdict comes from what ran.
public enum DocumentedSafety: String, Sendable, CaseIterable, Codable {
  case safe
  case unsafe
  case notListed = "not listed"
}
