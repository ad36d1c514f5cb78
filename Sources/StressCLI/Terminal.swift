/// Text made safe to print: control characters (an escape sequence in an id or a suite's
/// description, which could retitle or clear the terminal) and invisible format characters
/// (a right-to-left override) are shown as `\u001B` instead of being sent to the terminal.
enum Terminal {
  /// `text` with every such character escaped but those in `keeping` (the line breaks of
  /// multi-line output, the carriage return of a live progress line).
  static func safe(_ text: String, keeping: Set<Unicode.Scalar> = []) -> String {
    guard text.unicodeScalars.contains(where: { needsEscape($0) && !keeping.contains($0) }) else {
      return text
    }
    var out = ""
    for scalar in text.unicodeScalars {
      if needsEscape(scalar) && !keeping.contains(scalar) {
        // JSON's spelling (`\u001B`, a surrogate pair beyond the BMP): readable in a table,
        // and still valid, decoding to the same text, inside a `--format json` string.
        for unit in String(scalar).utf16 {
          let hex = String(unit, radix: 16, uppercase: true)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// What a printed page keeps as it is: line feeds, tabs and carriage returns.
  static let layout: Set<Unicode.Scalar> = ["\n", "\t", "\r"]

  private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .format: true
    default: false
    }
  }
}
