import Foundation
import Synchronization

/// The function symbols of one ELF file (its .symtab, else its .dynsym), for naming the
/// addresses a crashed worker reported. Read once per file and kept: the first crash in a big
/// binary pays for the read, later ones look up.
package struct SymbolTable: Sendable {
  private struct Function: Sendable {
    var start: UInt64
    var end: UInt64
    var name: Range<Int>
  }

  private struct Load: Sendable {
    var offset: UInt64
    var size: UInt64
    var address: UInt64
  }

  private let data: Data
  private let functions: [Function]
  private let loads: [Load]
  /// Whether the file has debug information, in itself or in a file it links to: only then
  /// can `llvm-symbolizer` name an inlined frame, and asking it costs a process (about 90 ms,
  /// four times in the quick collections suite, for the toolchain's libraries, which have
  /// none).
  package let hasDebugInformation: Bool

  private static let cache = Mutex<[String: SymbolTable?]>([:])

  /// The table of the file at `path`, read the first time it is asked for; nil if it is not
  /// a 64-bit little-endian ELF file with symbols.
  package static func of(_ path: String) -> SymbolTable? {
    if let known = cache.withLock({ $0[path] }) { return known }
    let table = SymbolTable(path: path)
    cache.withLock { $0[path] = table }
    return table
  }

  private init?(path: String) {
    guard let data = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped),
      data.count > 64, data.prefix(6) == Data([0x7F, 0x45, 0x4C, 0x46, 2, 1])
    else { return nil }
    self.data = data
    func u16(_ at: Int) -> Int { Int(Self.read(data, at, as: UInt16.self) ?? 0) }
    func u32(_ at: Int) -> Int { Int(Self.read(data, at, as: UInt32.self) ?? 0) }
    func u64(_ at: Int) -> UInt64 { Self.read(data, at, as: UInt64.self) ?? 0 }
    let programHeaders = Int(u64(0x20))
    let sectionHeaders = Int(u64(0x28))
    let (programSize, programCount) = (u16(0x36), u16(0x38))
    let (sectionSize, sectionCount, sectionNames) = (u16(0x3A), u16(0x3C), u16(0x3E))
    loads = (0..<programCount).compactMap { i in
      let at = programHeaders + i * programSize
      guard u32(at) == 1 else { return nil }  // PT_LOAD
      return Load(offset: u64(at + 8), size: u64(at + 32), address: u64(at + 16))
    }
    struct Section {
      var name: Int
      var type: Int
      var offset: Int
      var size: Int
      var link: Int
    }
    let sections = (0..<sectionCount).map { i in
      let at = sectionHeaders + i * sectionSize
      return Section(
        name: u32(at), type: u32(at + 4), offset: Int(u64(at + 24)), size: Int(u64(at + 32)),
        link: u32(at + 40))
    }
    let debugNames: Set<Data> = [Data(".debug_info".utf8), Data(".gnu_debuglink".utf8)]
    hasDebugInformation =
      sectionNames < sections.count
      && sections.contains { section in
        let start = sections[sectionNames].offset + section.name
        guard start >= 0, start < data.count,
          let nul = data[(data.startIndex + start)...].prefix(32).firstIndex(of: 0)
        else { return false }
        return debugNames.contains(Data(data[(data.startIndex + start)..<nul]))
      }
    // The full table when the file kept it, else the dynamic one.
    let symbols = sections.first { $0.type == 2 } ?? sections.first { $0.type == 11 }
    guard let symbols, symbols.link < sections.count else { return nil }
    let strings = sections[symbols.link]
    var functions: [Function] = []
    for at in stride(from: symbols.offset, to: symbols.offset + symbols.size - 23, by: 24) {
      let info = Int(data[data.startIndex + at + 4])
      let (value, size) = (u64(at + 8), u64(at + 16))
      guard info & 0xF == 2, value != 0, size != 0 else { continue }  // STT_FUNC
      let nameStart = strings.offset + u32(at)
      guard nameStart < strings.offset + strings.size, nameStart < data.count,
        let nul = data[(data.startIndex + nameStart)...].firstIndex(of: 0)
      else { continue }
      functions.append(
        Function(start: value, end: value + size, name: nameStart..<(nul - data.startIndex)))
    }
    self.functions = functions.sorted { $0.start < $1.start }
  }

  /// The virtual address the byte at `offset` in the file is loaded at, as debug information
  /// and `llvm-symbolizer` name places.
  package func address(atFileOffset offset: UInt64) -> UInt64? {
    loads.first { offset >= $0.offset && offset < $0.offset + $0.size }
      .map { offset - $0.offset + $0.address }
  }

  /// The name of the function holding the byte at `offset` in the file, as the linker wrote
  /// it (mangled, for Swift).
  package func function(atFileOffset offset: UInt64) -> String? {
    guard let address = address(atFileOffset: offset) else { return nil }
    // The last function starting at or before the address, if it reaches that far.
    var (low, high) = (0, functions.count)
    while low < high {
      let mid = (low + high) / 2
      if functions[mid].start <= address { low = mid + 1 } else { high = mid }
    }
    guard low > 0, address < functions[low - 1].end else { return nil }
    let range = functions[low - 1].name
    return String(
      decoding: data[(data.startIndex + range.lowerBound)..<(data.startIndex + range.upperBound)],
      as: UTF8.self)
  }

  private static func read<T: FixedWidthInteger>(_ data: Data, _ at: Int, as: T.Type) -> T? {
    guard at >= 0, at + MemoryLayout<T>.size <= data.count else { return nil }
    return data.withUnsafeBytes {
      T(littleEndian: $0.loadUnaligned(fromByteOffset: at, as: T.self))
    }
  }
}
