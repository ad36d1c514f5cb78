/// An entry of a published thread-safety list, as a catalog accounts for it: what the list
/// says, what exists on this platform, and which subjects stress it. `stress list --lists`
/// prints a catalog's entries, so nothing on a list goes unaccounted for.
public struct ListedEntry: Sendable, Equatable {
  /// The list's own spelling: "NSFileManager", "NSDecimal functions".
  public var name: String
  /// What the list says: `.safe` or `.unsafe`.
  public var documented: DocumentedSafety
  /// What exists on this platform under the list's name or its Swift name ("FileManager"), or
  /// nil where nothing does.
  public var platformName: String?
  /// Ids of the catalog's subjects that stress it.
  public var subjects: [String]
  /// Why no subject stresses it though the platform has it, or what else a reader should know.
  public var note: String?

  /// An entry `name` documented `documented`, present as `platformName`, stressed by
  /// `subjects`; `note` says why none does, where the platform has it.
  public init(
    _ name: String, _ documented: DocumentedSafety, platformName: String?,
    subjects: [String] = [], note: String? = nil
  ) {
    self.name = name
    self.documented = documented
    self.platformName = platformName
    self.subjects = subjects
    self.note = note
  }
}
