import StressKit
import StressReports

/// Help in swift-argument-parser's shape: OVERVIEW, USAGE, OPTIONS, SUBCOMMANDS.
enum HelpText {
  static func render(
    overview: String, usage: String, arguments: [(String, String)] = [], options: [OptionSpec],
    subcommands: [(String, String)] = [], footer: String? = nil
  ) -> String {
    var text = "OVERVIEW: \(overview)\n\nUSAGE: \(usage)\n\n"
    if !arguments.isEmpty {
      text += "ARGUMENTS:\n"
      for (name, help) in arguments { text += row(name, help) }
      text += "\n"
    }
    text += "OPTIONS:\n"
    for option in options {
      let label =
        option.name == "help"
        ? "-h, --help"
        : (option.short.map { "-\($0), " } ?? "") + "--\(option.name)"
          + (option.value.map { " \($0)" } ?? "")
      let help = option.help + (option.defaultText.map { " (default: \($0))" } ?? "")
      text += row(label, help)
    }
    if !subcommands.isEmpty {
      text += "\nSUBCOMMANDS:\n"
      for (name, help) in subcommands { text += row(name, help) }
    }
    if let footer { text += "\n" + footer + "\n" }
    return text
  }

  /// A two-column row, the help wrapped at 100 columns and aligned under itself.
  private static func row(_ label: String, _ help: String) -> String {
    let indent = 26
    let lines = TextWrap.lines(help, width: 100 - indent)
    let pad = String(repeating: " ", count: indent)
    var first = "  " + label
    if first.count + 1 < indent {
      first += String(repeating: " ", count: indent - first.count)
      return ([first + lines[0]] + lines.dropFirst().map { pad + $0 }).joined(separator: "\n")
        + "\n"
    }
    return ([first] + lines.map { pad + $0 }).joined(separator: "\n") + "\n"
  }
}
