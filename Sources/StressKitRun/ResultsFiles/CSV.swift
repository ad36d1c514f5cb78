/// RFC 4180 CSV: fields with a comma, quote, CR or LF are quoted, quotes doubled, CRLF lines.
package enum CSV {
  package static func field(_ text: String) -> String {
    // Scalars, not Characters: "\r\n" is one Character, equal to neither "\r" nor "\n".
    guard
      text.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" })
    else {
      return text
    }
    return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }

  package static func line(_ fields: [String]) -> String {
    fields.map(field).joined(separator: ",") + "\r\n"
  }

  /// Parses CSV text into rows of fields (for reading results back).
  package static func parse(_ text: String) -> [[String]] {
    var rows: [[String]] = []
    var row: [String] = []
    var field = ""
    var quoted = false
    var chars = text.makeIterator()
    var pending: Character? = nil
    while let c = pending ?? chars.next() {
      pending = nil
      if quoted {
        if c == "\"" {
          if let next = chars.next() {
            if next == "\"" {
              field.append("\"")
            } else {
              quoted = false
              pending = next
            }
          } else {
            quoted = false
          }
        } else {
          field.append(c)
        }
      } else if c == "\"" {
        quoted = true
      } else if c == "," {
        row.append(field)
        field = ""
      } else if c == "\r\n" || c == "\n" || c == "\r" {
        row.append(field)
        rows.append(row)
        row = []
        field = ""
      } else {
        field.append(c)
      }
    }
    if !field.isEmpty || !row.isEmpty {
      row.append(field)
      rows.append(row)
    }
    return rows
  }
}
