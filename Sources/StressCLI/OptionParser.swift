import StressKit
import StressReports

/// A command line read against a command's option table into its arguments struct.
enum OptionParser {
  /// The parsed arguments, or nil when `--help` (or `-h`) was asked for.
  ///
  /// Takes `--name value`, `--name=value`, flags and one-letter aliases. The last of a repeated
  /// option wins, as in swift-argument-parser: values are gathered first, then parsed in the
  /// table's order, so a value the user replaced is never judged.
  static func parse<A: CommandArguments>(
    _ arguments: [String], options: [Option<A>], usage: String
  ) throws(UsageError) -> A? {
    func fail(_ message: String) -> UsageError { UsageError(message, usage: usage) }
    var texts: [String: String] = [:]
    var operands: [String] = []
    var help = false
    var i = 0
    while i < arguments.count {
      var argument = arguments[i]
      i += 1
      if let option = options.first(where: { $0.spec.short.map { "-\($0)" } == argument }) {
        argument = "--\(option.spec.name)"
      }
      if argument == "-h" || argument == "--help" {
        help = true
        continue
      }
      guard argument.hasPrefix("--") else {
        guard A.operands != nil, !argument.hasPrefix("-") || argument == "-" else {
          throw fail("Unexpected argument '\(argument)'.")
        }
        operands.append(argument)
        continue
      }
      let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let name = String(parts[0].dropFirst(2))
      guard let spec = options.first(where: { $0.spec.name == name })?.spec else {
        let names = (options.map(\.spec) + [.help]).map { "--\($0.name)" }
        throw fail("Unknown option '--\(name)'.\(Suggestion.hint(for: "--\(name)", in: names))")
      }
      guard let placeholder = spec.value else {
        guard parts.count == 1 else { throw fail("Option '--\(name)' takes no value.") }
        texts[name] = ""
        continue
      }
      if parts.count == 2 {
        texts[name] = String(parts[1])
      } else if i < arguments.count, !arguments[i].hasPrefix("--"), arguments[i] != "-h" {
        texts[name] = arguments[i]
        i += 1
      } else {
        throw fail("Missing value for '--\(name) \(placeholder)'.")
      }
      if texts[name]?.isEmpty == true {
        throw fail("Empty value for '--\(name) \(placeholder)'.")
      }
    }
    if help { return nil }
    var parsed = A()
    do {
      for option in options {
        if let text = texts[option.spec.name] { try option.store(&parsed, text) }
      }
      if let field = A.operands { parsed[keyPath: field] = operands }
      try parsed.validate()
    } catch {
      throw UsageError(error.message, usage: error.usage ?? usage)
    }
    return parsed
  }
}
