import Foundation
import Testing

/// The README's code is the code CI builds: each Swift block marked `<!-- from PATH -->` is
/// that file, whole.
@Suite struct ReadmeTests {
  /// (path, block) for every marked block of README.md.
  func markedBlocks() throws -> [(path: String, block: String)] {
    let readme = try String(contentsOfFile: "README.md", encoding: .utf8)
    let lines = readme.components(separatedBy: "\n")
    var found: [(String, String)] = []
    for (i, line) in lines.enumerated() {
      guard line.hasPrefix("<!-- from "), line.hasSuffix(" -->"), i + 1 < lines.count,
        lines[i + 1] == "```swift"
      else { continue }
      let path = String(line.dropFirst("<!-- from ".count).dropLast(" -->".count))
      let body = lines[(i + 2)...].prefix { $0 != "```" }
      found.append((path, body.joined(separator: "\n") + "\n"))
    }
    return found
  }

  @Test func theOwnTypesExampleIsCopiedFromTheDemoCIBuilds() throws {
    let blocks = try markedBlocks()
    #expect(
      Set(blocks.map(\.path)).isSuperset(of: [
        "Examples/CacheDemo/Sources/cache-stress/CacheTests.swift",
        "Examples/CacheDemo/Sources/cache-stress/main.swift",
        "Examples/CacheDemo/Tests/CacheDemoTests/ModelChecks.swift",
      ]))
    for (path, block) in blocks {
      let file = try String(contentsOfFile: path, encoding: .utf8)
      #expect(block == file, "README's copy of \(path) differs from the file")
    }
  }
}
