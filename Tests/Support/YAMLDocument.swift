import Foundation

/// A strict reader for the YAML our CI files use (a GitHub workflow, a Kubernetes manifest), so
/// a broken file fails a test here rather than a job there, with no package dependency.
///
/// It reads block mappings and sequences, plain, quoted and block (`|`, `>`, `>-`) scalars,
/// one-line flow collections (`[1, 2]`, `{}`), comments and `---` between documents. Anything
/// else is an error, never a guess: a tab in the indentation, a line indented where nothing
/// can nest, a key given twice, an unterminated quote or bracket.
package indirect enum YAMLDocument: Equatable, Sendable {
  case scalar(String)
  case sequence([YAMLDocument])
  case mapping([(key: String, value: YAMLDocument)])

  package struct ParseError: Error, Equatable, CustomStringConvertible {
    package var line: Int
    package var message: String
    package var description: String { "line \(line): \(message)" }
  }

  /// Every document of `text`, in order.
  package static func parseAll(_ text: String) throws(ParseError) -> [YAMLDocument] {
    var documents: [[Line]] = [[]]
    for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let number = index + 1
      let body = raw.drop { $0 == " " }
      if body.first == "\t" || (raw.first == "\t") {
        throw ParseError(line: number, message: "a tab in the indentation")
      }
      let indent = raw.count - body.count
      let content = try stripComment(String(body), line: number)
      if content.isEmpty { continue }
      if indent == 0 && content == "---" {
        documents.append([])
        continue
      }
      documents[documents.count - 1].append(
        Line(number: number, indent: indent, text: content, raw: String(raw)))
    }
    return try documents.filter { !$0.isEmpty }.map { lines throws(ParseError) in
      var reader = Reader(lines: lines)
      let node = try reader.node(indent: lines[0].indent)
      if reader.index < lines.count {
        throw ParseError(line: lines[reader.index].number, message: "unexpected indentation")
      }
      return node
    }
  }

  /// The one document of `text`.
  package static func parse(_ text: String) throws(ParseError) -> YAMLDocument {
    let all = try parseAll(text)
    guard all.count == 1 else { throw ParseError(line: 1, message: "\(all.count) documents") }
    return all[0]
  }

  package static func == (a: YAMLDocument, b: YAMLDocument) -> Bool {
    switch (a, b) {
    case (.scalar(let x), .scalar(let y)): x == y
    case (.sequence(let x), .sequence(let y)): x == y
    case (.mapping(let x), .mapping(let y)):
      x.map(\.key) == y.map(\.key) && x.map(\.value) == y.map(\.value)
    default: false
    }
  }

  /// The value at `key` of a mapping, else nil.
  package subscript(key: String) -> YAMLDocument? {
    guard case .mapping(let pairs) = self else { return nil }
    return pairs.first { $0.key == key }?.value
  }

  /// The item at `index` of a sequence, else nil.
  package subscript(index: Int) -> YAMLDocument? {
    guard case .sequence(let items) = self, items.indices.contains(index) else { return nil }
    return items[index]
  }

  package var string: String? {
    if case .scalar(let s) = self { return s }
    return nil
  }

  package var items: [YAMLDocument] {
    if case .sequence(let items) = self { return items }
    return []
  }

  package var keys: [String] {
    if case .mapping(let pairs) = self { return pairs.map(\.key) }
    return []
  }

  struct Line {
    var number: Int
    var indent: Int
    var text: String
    var raw: String
  }

  /// `text` without a trailing comment: a `#` at the start or after a space, outside quotes.
  static func stripComment(_ text: String, line: Int) throws(ParseError) -> String {
    var quote: Character?
    var previous: Character = " "
    for (offset, c) in text.enumerated() {
      if let q = quote {
        if c == q { quote = nil }
      } else if c == "\"" || c == "'" {
        if previous == " " || previous == "[" || previous == "," || offset == 0
          || previous == ":" || previous == "-"
        {
          quote = c
        }
      } else if c == "#" && previous == " " {
        return String(text.prefix(offset)).trimmingTrailingSpaces
      }
      previous = c
    }
    return text.trimmingTrailingSpaces
  }

  struct Reader {
    var lines: [Line]
    var index = 0

    /// The node whose lines start at `indent`.
    mutating func node(indent: Int) throws(ParseError) -> YAMLDocument {
      let line = lines[index]
      if line.text == "-" || line.text.hasPrefix("- ") { return try sequence(indent: indent) }
      if Reader.splitKey(line.text) != nil { return try mapping(indent: indent) }
      index += 1
      return try Reader.scalar(line.text, line: line.number)
    }

    mutating func sequence(indent: Int) throws(ParseError) -> YAMLDocument {
      var items: [YAMLDocument] = []
      while index < lines.count, lines[index].indent == indent,
        lines[index].text == "-" || lines[index].text.hasPrefix("- ")
      {
        let line = lines[index]
        let rest = String(line.text.dropFirst(1).drop { $0 == " " })
        if rest.isEmpty {
          index += 1
          items.append(try nested(deeperThan: indent, line: line))
        } else if let style = rest.first, style == "|" || style == ">" {
          index += 1
          items.append(.scalar(try block(style: rest, deeperThan: indent, line: line)))
        } else {
          // "- key: value" opens a mapping whose keys sit where `key` does.
          let column = indent + (line.text.count - rest.count)
          lines[index] = Line(number: line.number, indent: column, text: rest, raw: line.raw)
          items.append(try node(indent: column))
        }
      }
      return .sequence(items)
    }

    mutating func mapping(indent: Int) throws(ParseError) -> YAMLDocument {
      var pairs: [(key: String, value: YAMLDocument)] = []
      while index < lines.count, lines[index].indent == indent {
        let line = lines[index]
        guard let (key, value) = Reader.splitKey(line.text) else {
          throw ParseError(line: line.number, message: "expected 'key: value'")
        }
        if pairs.contains(where: { $0.key == key }) {
          throw ParseError(line: line.number, message: "the key '\(key)' is given twice")
        }
        index += 1
        if value.isEmpty {
          // A sequence may sit at the key's own indentation.
          if index < lines.count, lines[index].indent == indent,
            lines[index].text == "-" || lines[index].text.hasPrefix("- ")
          {
            pairs.append((key, try sequence(indent: indent)))
          } else {
            pairs.append((key, try nested(deeperThan: indent, line: line)))
          }
        } else if let style = value.first, style == "|" || style == ">" {
          pairs.append((key, .scalar(try block(style: value, deeperThan: indent, line: line))))
        } else {
          pairs.append((key, try Reader.scalar(value, line: line.number)))
        }
      }
      if index < lines.count, lines[index].indent > indent {
        throw ParseError(line: lines[index].number, message: "unexpected indentation")
      }
      return .mapping(pairs)
    }

    /// What follows a bare `key:` or `-`: a deeper node, or an empty scalar.
    mutating func nested(deeperThan indent: Int, line: Line) throws(ParseError) -> YAMLDocument {
      guard index < lines.count, lines[index].indent > indent else { return .scalar("") }
      return try node(indent: lines[index].indent)
    }

    /// A `|` (lines kept) or `>` (lines folded into one) block scalar; `-` drops the last
    /// newline.
    mutating func block(style: String, deeperThan indent: Int, line: Line) throws(ParseError)
      -> String
    {
      guard ["|", "|-", ">", ">-"].contains(style) else {
        throw ParseError(line: line.number, message: "unsupported block scalar '\(style)'")
      }
      var body: [String] = []
      var column: Int?
      while index < lines.count, lines[index].indent > indent {
        let raw = lines[index].raw
        column = column ?? lines[index].indent
        body.append(String(raw.dropFirst(min(column!, lines[index].indent))))
        index += 1
      }
      let text =
        style.hasPrefix("|") ? body.joined(separator: "\n") : body.joined(separator: " ")
      return style.hasSuffix("-") ? text : text + "\n"
    }

    /// "key: value" as its key and the rest; nil if the line is not a mapping entry.
    static func splitKey(_ text: String) -> (String, String)? {
      if text.hasPrefix("\"") || text.hasPrefix("'") || text.hasPrefix("[")
        || text.hasPrefix("{")
      {
        return nil
      }
      guard
        let colon = text.firstRange(of: ": ")?.lowerBound
          ?? (text.hasSuffix(":") ? text.index(before: text.endIndex) : nil)
      else { return nil }
      let key = String(text[..<colon])
      guard !key.isEmpty, !key.contains(" #") else { return nil }
      let value = String(text[colon...].dropFirst().drop { $0 == " " })
      return (key, value)
    }

    /// A plain, quoted or one-line flow scalar.
    static func scalar(_ text: String, line: Int) throws(ParseError) -> YAMLDocument {
      if text.hasPrefix("[") || text.hasPrefix("{") {
        let close: Character = text.hasPrefix("[") ? "]" : "}"
        guard text.last == close else {
          throw ParseError(line: line, message: "an unterminated flow collection")
        }
        let inner = text.dropFirst().dropLast().trimmingCharacters(in: .whitespaces)
        if inner.isEmpty { return close == "]" ? .sequence([]) : .mapping([]) }
        guard close == "]", !inner.contains("[") && !inner.contains("{") else {
          throw ParseError(line: line, message: "an unsupported flow collection")
        }
        return .sequence(
          try inner.split(separator: ",").map { item throws(ParseError) in
            try scalar(item.trimmingCharacters(in: .whitespaces), line: line)
          })
      }
      if let quote = text.first, quote == "\"" || quote == "'" {
        guard text.count >= 2, text.last == quote else {
          throw ParseError(line: line, message: "an unterminated quoted string")
        }
        let inner = String(text.dropFirst().dropLast())
        return .scalar(
          quote == "'"
            ? inner.replacingOccurrences(of: "''", with: "'")
            : inner.replacingOccurrences(of: "\\\"", with: "\"").replacingOccurrences(
              of: "\\\\", with: "\\"))
      }
      return .scalar(text)
    }
  }
}

extension String {
  fileprivate var trimmingTrailingSpaces: String {
    var s = self
    while s.last == " " { s.removeLast() }
    return s
  }
}
