/// "Did you mean ...?" for mistyped names.
package enum Suggestion {
  /// The candidate closest to `word`, if it is close enough to be a plausible typo.
  package static func closest(to word: String, in candidates: [String]) -> String? {
    let scored = candidates.map { ($0, distance(word.lowercased(), $0.lowercased())) }
    guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
    return best.1 <= max(2, word.count / 3) ? best.0 : nil
  }

  /// " Did you mean 'x'?" or nothing.
  package static func hint(for word: String, in candidates: [String]) -> String {
    closest(to: word, in: candidates).map { " Did you mean '\($0)'?" } ?? ""
  }

  static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    var row = Array(0...b.count)
    for i in 1...max(a.count, 1) where !a.isEmpty {
      var previous = row[0]
      row[0] = i
      for j in stride(from: 1, through: b.count, by: 1) {
        let current = row[j]
        row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
        previous = current
      }
    }
    return a.isEmpty ? b.count : row[b.count]
  }
}
