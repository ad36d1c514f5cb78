import Foundation
import Testing

@testable import StressCLI

/// The documentation's code is the code CI builds: each Swift block marked
/// `<!-- from PATH -->` is that file, whole. README is the landing page, and every page's links
/// lead somewhere.
@Suite struct ReadmeTests {
  /// README.md and every page under docs/.
  static var pages: [String] {
    let docs = (try? FileManager.default.contentsOfDirectory(atPath: "docs")) ?? []
    return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
  }

  /// (path, block) for every marked block of the pages.
  func markedBlocks() throws -> [(path: String, block: String)] {
    let text = try Self.pages.map { try String(contentsOfFile: $0, encoding: .utf8) }
    let lines = text.joined(separator: "\n").components(separatedBy: "\n")
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

  @Test func theReferenceListsEveryCommandAndEveryExitCode() throws {
    let reference = try String(contentsOfFile: "docs/reference.md", encoding: .utf8)
    for name in StressCommand.subcommands.map(\.name) + ["help"] {
      #expect(reference.contains("\n| `stress \(name)` | "), "no row for stress \(name)")
    }
    let codes = try #require(reference.components(separatedBy: "\n## Exit codes\n").last)
    for code in ExitCode.allCases {
      #expect(codes.contains("\n| \(code.rawValue) | "), "no row for exit code \(code.rawValue)")
    }
  }

  @Test func theReadmeIsALandingPageAndEveryLinkLeadsToAFile() throws {
    let readme = try String(contentsOfFile: "README.md", encoding: .utf8)
    #expect(readme.components(separatedBy: "\n").count <= 250)
    // The quick start's two commands, exactly as a newcomer types them.
    #expect(readme.contains("swift run -c release stress run --suite collections\nswift test\n"))
    let link = /\]\(([^)#:]+)(#[^)]*)?\)/
    var checked = 0
    for page in Self.pages {
      let text = try String(contentsOfFile: page, encoding: .utf8)
      let base = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        .appendingPathComponent(page).deletingLastPathComponent()
      for match in text.matches(of: link) {
        let target = base.appendingPathComponent(String(match.1)).standardized.path
        #expect(FileManager.default.fileExists(atPath: target), "\(page) links to \(match.1)")
        checked += 1
      }
    }
    #expect(checked >= 10)
  }
}
