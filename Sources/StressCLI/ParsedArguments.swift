import StressKit

/// The options found on a command line, checked against a subcommand's specs.
struct ParsedArguments: Equatable {
  var values: [String: String] = [:]
  var flags: Set<String> = []
  /// Arguments that are not options (file operands), in order; only where the command takes them.
  var positionals: [String] = []

  /// Parses `--name value`, `--name=value` and flags; `-h` means `--help`. The last of a
  /// repeated option wins, as in swift-argument-parser.
  init(
    _ arguments: [String], specs: [OptionSpec], usage: String, takesOperands: Bool = false
  ) throws(UsageError) {
    let names = specs.map { "--\($0.name)" }
    var i = 0
    while i < arguments.count {
      var argument = arguments[i]
      i += 1
      if let spec = specs.first(where: { $0.short.map { "-\($0)" } == argument }) {
        argument = "--\(spec.name)"
      }
      if argument == "-h" {
        flags.insert("help")
        continue
      }
      guard argument.hasPrefix("--") else {
        guard takesOperands, !argument.hasPrefix("-") || argument == "-" else {
          throw UsageError("Unexpected argument '\(argument)'.", usage: usage)
        }
        positionals.append(argument)
        continue
      }
      let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let name = String(parts[0].dropFirst(2))
      guard let spec = specs.first(where: { $0.name == name }) else {
        throw UsageError(
          "Unknown option '--\(name)'.\(hint(for: "--\(name)", in: names))", usage: usage)
      }
      if spec.value == nil {
        guard parts.count == 1 else {
          throw UsageError("Option '--\(name)' takes no value.", usage: usage)
        }
        flags.insert(name)
      } else if parts.count == 2 {
        values[name] = String(parts[1])
      } else if i < arguments.count, !arguments[i].hasPrefix("--"), arguments[i] != "-h" {
        values[name] = arguments[i]
        i += 1
      } else {
        throw UsageError("Missing value for '--\(name) \(spec.value!)'.", usage: usage)
      }
      if values[name]?.isEmpty == true {
        throw UsageError("Empty value for '--\(name) \(spec.value!)'.", usage: usage)
      }
    }
  }

  private func hint(for word: String, in candidates: [String]) -> String {
    Suggestion.hint(for: word, in: candidates)
  }
}
