import Foundation
import Testing

/// The shape a newcomer finds: folders whose names place what they hold, files and functions
/// small enough to read whole, and a layout page that says what Package.swift and the folders
/// say.
@Suite struct CodeShapeTests {
  /// The engine's layers and the reports above them.
  static let layers = [
    "StressKitCore", "StressKitModel", "StressKitEngine", "StressKitPlan", "StressKitRun",
    "StressKit", "StressReports",
  ]

  static func folders(of target: String) throws -> [String] {
    let root = "Sources/\(target)"
    return try FileManager.default.contentsOfDirectory(atPath: root).filter {
      var directory: ObjCBool = false
      return FileManager.default.fileExists(atPath: "\(root)/\($0)", isDirectory: &directory)
        && directory.boolValue
    }.sorted()
  }

  static func swiftFiles() throws -> [String] {
    let files = try #require(
      FileManager.default.subpathsOfDirectory(atPath: "Sources") as [String]?)
    return files.filter { $0.hasSuffix(".swift") }.sorted().map { "Sources/\($0)" }
  }

  @Test func noFolderNameStandsInTwoLayers() throws {
    var owners: [String: [String]] = [:]
    for target in Self.layers {
      for folder in try Self.folders(of: target) { owners[folder, default: []].append(target) }
    }
    let repeated = owners.filter { $0.value.count > 1 }.map { "\($0.key): \($0.value)" }
    #expect(repeated.sorted() == [])
  }

  @Test func everySourceFileIsAtMost300Lines() throws {
    var long: [String] = []
    for file in try Self.swiftFiles() {
      let lines = try String(contentsOfFile: file, encoding: .utf8).split(
        separator: "\n", omittingEmptySubsequences: false)
      if lines.count > 301 { long.append("\(file): \(lines.count) lines") }
    }
    #expect(long == [])
  }

  @Test func everyFunctionIsAtMost80Lines() throws {
    var long: [String] = []
    for file in try Self.swiftFiles() {
      let text = try String(contentsOfFile: file, encoding: .utf8)
      for (line, length) in Self.functionLengths(text) where length > 80 {
        long.append("\(file):\(line): \(length) lines")
      }
    }
    #expect(long == [])
  }

  /// The layout section names every target of Package.swift, and every folder of the layers.
  @Test func theLayoutPageFollowsPackageSwiftAndTheFolders() throws {
    let page = try String(contentsOfFile: "docs/how-it-works.md", encoding: .utf8)
    let layout = try #require(page.components(separatedBy: "## Layout").last)
    let manifest = try String(contentsOfFile: "Package.swift", encoding: .utf8)
    let declared = manifest.matches(of: /\.(?:executableT|t)arget\(\s*name: "([^"]+)"/)
      .map { String($0.1) }
    let onDisk = Set(try FileManager.default.contentsOfDirectory(atPath: "Sources"))
    let sourceTargets = declared.filter(onDisk.contains)
    #expect(sourceTargets.count >= 10, "\(declared)")
    #expect(Set(sourceTargets) == onDisk.subtracting([".DS_Store"]))
    for target in sourceTargets {
      #expect(
        layout.contains("`Sources/\(target)`") || layout.contains("| `\(target)` |"),
        "the layout section does not name \(target)")
    }
    for target in Self.layers {
      for folder in try Self.folders(of: target) {
        #expect(
          layout.contains("`\(folder)/") || layout.contains("`\(target)/\(folder)/"),
          "the layout section does not name \(target)/\(folder)")
      }
    }
  }

  @Test func functionLengthsAreCountedFromDeclarationToClosingBrace() {
    let text = """
      protocol P {
        func required() -> Int
      }
      struct S {
        /// A comment with a brace { in it.
        func two() -> String {
          "}"
        }
        init(x: Int) {
          if x > 0 {
            print(x)
          }
        }
      }
      """
    #expect(Self.functionLengths(text).map(\.length) == [3, 5])
  }

  /// Each function, initializer or subscript with a body: its first line (from 1) and how many
  /// lines it spans, braces counted outside string literals and comments.
  static func functionLengths(_ text: String) -> [(line: Int, length: Int)] {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let declaration =
      /^(@[^\s]+\s+)*((public|package|private|fileprivate|internal|static|class|final|override|mutating|nonisolated|convenience|required|@inlinable|@usableFromInline)\s+)*(func\s|init[?!]?\s*[(<]|deinit\b|subscript\s*[(<])/
    var found: [(Int, Int)] = []
    for (i, line) in lines.enumerated() {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      guard trimmed.firstMatch(of: declaration) != nil else { continue }
      var depth = 0
      var parentheses = 0
      var opened = false
      var j = i
      scan: while j < lines.count {
        let code = Self.code(lines[j])
        for character in code {
          switch character {
          case "(": parentheses += 1
          case ")": parentheses -= 1
          case "{":
            depth += 1
            opened = true
          case "}":
            depth -= 1
            if opened && depth == 0 { break scan }
          default: break
          }
        }
        // A requirement has no body: its signature closes, and no body or clause follows.
        if !opened, parentheses == 0 {
          let next = lines.indices.contains(j + 1) ? Self.code(lines[j + 1]) : ""
          let continues = ["{", "->", "throws", "rethrows", "async", "where"].contains {
            next.trimmingCharacters(in: .whitespaces).hasPrefix($0)
          }
          if !continues { break }
        }
        j += 1
      }
      if opened { found.append((i + 1, j - i + 1)) }
    }
    return found
  }

  /// A line without its string literals and its comment.
  static func code(_ line: String) -> String {
    var out = ""
    var inString = false
    var escaped = false
    var previous: Character = " "
    for character in line {
      if inString {
        if escaped {
          escaped = false
        } else if character == "\\" {
          escaped = true
        } else if character == "\"" {
          inString = false
        }
      } else if character == "\"" {
        inString = true
      } else if character == "/" && previous == "/" {
        out.removeLast()
        break
      } else {
        out.append(character)
      }
      previous = character
    }
    return out
  }
}
