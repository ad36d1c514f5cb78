import StressKitBench
import StressKitCore
import StressKitEngine
import StressKitModel
import StressKitPlan
import StressKitRun

/// What `stress list --lists` says: every entry of the thread-safety lists the catalog accounts
/// for, its documented status, its Swift name on Linux and the subjects that stress it.
package struct ListsReport {
  package var entries: [ListedEntry]

  package init(entries: [ListedEntry]) { self.entries = entries }

  package var text: String {
    guard !entries.isEmpty else {
      return "This catalog accounts for no published thread-safety list.\n"
    }
    let present = entries.filter { $0.platformName != nil }.count
    let stressed = entries.filter { !$0.subjects.isEmpty }.count
    var text =
      "THE THREAD SAFETY SUMMARY'S LISTS (Apple, Threading Programming Guide): \(entries.count) "
      + "entries, \(present) in Foundation on Linux, \(stressed) stressed here\n"
    text += TextTable(
      header: ["name", "documented", "linux", "subjects"],
      rows: entries.map {
        [
          $0.name, $0.documented.rawValue, $0.platformName ?? "-",
          $0.subjects.isEmpty ? "-" : $0.subjects.joined(separator: ", "),
        ]
      }
    ).render()
    let noted = entries.compactMap { e in e.note.map { (e.name, $0) } }
    if !noted.isEmpty {
      text += "\nNOTES\n"
      for (name, note) in noted {
        text += TextWrap.paragraph("\(name): \(note)", indent: "  ")
      }
    }
    return text
  }

  /// `{"lists": [...]}`.
  package var json: String {
    JSONOutput.encode(
      Document(
        lists: entries.map {
          .init(
            name: $0.name, documented: $0.documented.rawValue, linux: $0.platformName,
            subjects: $0.subjects, note: $0.note)
        }))
  }

  struct Document: Encodable {
    var lists: [Entry]
    struct Entry: Encodable {
      var name, documented: String
      /// Encoded as null where Foundation on Linux has none.
      var linux: String?
      var subjects: [String]
      /// Why no subject stresses it; left out where none is needed.
      var note: String?

      func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(documented, forKey: .documented)
        try c.encode(linux, forKey: .linux)
        try c.encode(subjects, forKey: .subjects)
        try c.encodeIfPresent(note, forKey: .note)
      }
      enum CodingKeys: String, CodingKey { case name, documented, linux, subjects, note }
    }
  }
}
