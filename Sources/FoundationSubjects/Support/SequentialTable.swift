/// What a shared formatter printed for each of 256 inputs when it ran alone, before any thread
/// started: the sequential specification, for outputs no arithmetic here predicts (locale
/// rules, unit names). A read formats an input again, now shared, and must print the same.
struct SequentialTable {
  static let size = 256
  let expected: [String]

  init(_ format: (Int) -> String) {
    expected = (0..<Self.size).map(format)
  }

  /// The input a step draws.
  static func input(_ random: UInt64) -> Int { Draw.choice(random, size) }

  /// nil if `output` is what input `i` gave alone, else what is wrong.
  func check(_ i: Int, _ output: String) -> String? {
    output == expected[i] ? nil : "input \(i) printed '\(output)', alone '\(expected[i])'"
  }
}
