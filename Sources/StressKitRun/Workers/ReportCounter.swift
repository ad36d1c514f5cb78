/// Counts "WARNING: ThreadSanitizer:" in a stream read in chunks (a marker may straddle two).
struct ReportCounter {
  static let marker = Array("WARNING: ThreadSanitizer:".utf8)
  private(set) var count = 0
  private var tail: [UInt8] = []

  mutating func reset() {
    count = 0
    tail = []
  }

  mutating func scan(_ chunk: [UInt8]) {
    let bytes = tail + chunk
    let m = Self.marker
    var i = 0
    while i + m.count <= bytes.count {
      if bytes[i] == m[0] && Array(bytes[i..<(i + m.count)]) == m {
        count += 1
        i += m.count
      } else {
        i += 1
      }
    }
    tail = Array(bytes.suffix(m.count - 1))
  }
}
