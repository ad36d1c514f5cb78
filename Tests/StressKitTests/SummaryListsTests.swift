import Foundation
import FoundationSubjects
import StressKit
import Testing

/// The Thread Safety Summary's entries as the Foundation catalog accounts for them: what exists
/// on Linux is proved by compiling, what does not by the compiler's refusal.
@Suite struct SummaryListsTests {
  let entries = FoundationCatalog.catalog.listedEntries

  /// Every Linux name an entry gives, referenced: this file compiles only if each exists.
  static var onLinux: [String: Any] {
    [
      "NSArray": NSArray.self, "NSAttributedString": NSAttributedString.self,
      "NSCharacterSet": NSCharacterSet.self, "NSConditionLock": NSConditionLock.self,
      "NSData": NSData.self, "NSDate": NSDate.self, "NSDecimalAdd": NSDecimalAdd,
      "NSDecimalNumber": NSDecimalNumber.self,
      "NSDecimalNumberHandler": NSDecimalNumberHandler.self,
      "NSDictionary": NSDictionary.self, "FileManager": FileManager.self, "Host": Host.self,
      "NSLock": NSLock.self, "NSLog": NSLog, "NSNotification": NSNotification.self,
      "NotificationCenter": NotificationCenter.self, "NSNumber": NSNumber.self,
      "NSObject": NSObject.self, "PortMessage": PortMessage.self,
      "NSRecursiveLock": NSRecursiveLock.self, "NSSet": NSSet.self, "NSString": NSString.self,
      "Thread": Thread.self, "Timer": Timer.self, "NSTimeZone": NSTimeZone.self,
      "UserDefaults": UserDefaults.self, "NSValue": NSValue.self, "NSPageSize": NSPageSize,
      "Bundle": Bundle.self, "NSCalendar": NSCalendar.self, "NSCoder": NSCoder.self,
      "NSCountedSet": NSCountedSet.self, "DateFormatter": DateFormatter.self,
      "NSEnumerator": NSEnumerator.self, "FileHandle": FileHandle.self, "Formatter": Formatter.self,
      "NSMutableArray": NSMutableArray.self,
      "NSMutableAttributedString": NSMutableAttributedString.self,
      "NSMutableCharacterSet": NSMutableCharacterSet.self, "NSMutableData": NSMutableData.self,
      "NSMutableDictionary": NSMutableDictionary.self, "NSMutableSet": NSMutableSet.self,
      "NSMutableString": NSMutableString.self, "NotificationQueue": NotificationQueue.self,
      "NumberFormatter": NumberFormatter.self, "Pipe": Pipe.self, "Port": Port.self,
      "ProcessInfo": ProcessInfo.self, "RunLoop": RunLoop.self, "Scanner": Scanner.self,
      "Process": Process.self, "NSUserName": NSUserName,
    ]
  }

  /// For each entry Linux lacks, the names it would have there (the Summary's and the Swift
  /// one): the compiler must find none of them.
  static let absent: [String: [String]] = [
    "NSAssertionHandler": ["NSAssertionHandler", "AssertionHandler"],
    "NSCalendarDate": ["NSCalendarDate", "CalendarDate"],
    "NSConnection": ["NSConnection"],
    "NSDeserializer": ["NSDeserializer"],
    "NSDistantObject": ["NSDistantObject", "DistantObject"],
    "NSDistributedLock": ["NSDistributedLock", "DistributedLock"],
    "NSDistributedNotificationCenter": [
      "NSDistributedNotificationCenter", "DistributedNotificationCenter",
    ],
    "NSException": ["NSException"],
    "NSMethodSignature": ["NSMethodSignature"],
    "NSPortCoder": ["NSPortCoder", "PortCoder"],
    "NSPortNameServer": ["NSPortNameServer", "PortNameServer"],
    "NSProtocolChecker": ["NSProtocolChecker", "ProtocolChecker"],
    "NSProxy": ["NSProxy"],
    "Object allocation and retain count functions": [
      "NSAllocateObject", "NSDeallocateObject", "NSCopyObject", "NSExtraRefCount",
      "NSIncrementExtraRefCount", "NSDecrementExtraRefCountWasZero",
    ],
    "NSArchiver": ["NSArchiver"],
    "NSAutoreleasePool": ["NSAutoreleasePool"],
    "NSHashTable": ["NSHashTable"],
    "NSInvocation": ["NSInvocation"],
    "NSJavaSetup": ["NSJavaSetup"],
    "NSMapTable": ["NSMapTable"],
    "NSSerializer": ["NSSerializer"],
    "NSUnarchiver": ["NSUnarchiver"],
    "NSUndoManager": ["NSUndoManager", "UndoManager"],
  ]

  @Test func everyEntryOfBothListsIsAccountedFor() {
    #expect(entries.filter { $0.documented == .safe }.count == 42)
    #expect(entries.filter { $0.documented == .unsafe }.count == 33)
    #expect(Set(entries.map(\.name)).count == entries.count)
    #expect(entries.first { $0.name == "NSCalendar" }?.documented == .unsafe)
    // Present or absent, each is proved below.
    let present = Set(entries.compactMap(\.platformName))
    #expect(present == Set(Self.onLinux.keys))
    #expect(Set(entries.filter { $0.platformName == nil }.map(\.name)) == Set(Self.absent.keys))
  }

  @Test func everyEntryOnLinuxIsStressedOrSaysWhyNot() {
    for entry in entries where entry.platformName != nil {
      #expect(!entry.subjects.isEmpty || entry.note != nil, "\(entry.name)")
    }
    #expect(
      Set(entries.filter { $0.platformName != nil && $0.subjects.isEmpty }.map(\.name))
        == ["NSPort"])
  }

  @Test func theSubjectsNamedExistAndAgreeWithTheList() {
    let catalog = FoundationCatalog.catalog
    for entry in entries {
      for id in entry.subjects {
        let info = catalog.visibleSubjects.first { $0.info.id == id }?.info
        #expect(info != nil, "\(entry.name): no subject '\(id)'")
        if let info, info.documented != .notListed {
          #expect(info.documented == entry.documented, "\(id) against \(entry.name)")
        }
      }
    }
  }

  @Test func aSubjectDocumentedSafeOrUnsafeStressesAnEntryOfTheLists() {
    // Documented comes from the Summary alone: a type on neither list is "not listed", and
    // what its own reference says goes in `reference`.
    let stressed = Set(entries.flatMap(\.subjects))
    for subject in FoundationCatalog.catalog.visibleSubjects
    where subject.info.documented != .notListed {
      #expect(stressed.contains(subject.info.id), "\(subject.info.id) is on no list")
    }
    let cache = FoundationCatalog.catalog.visibleSubjects.first { $0.info.id == "nscache" }?.info
    #expect(cache?.documented == .notListed)
    #expect(cache?.reference?.hasPrefix("NSCache reference: ") == true)
  }

  @Test func whatLinuxLacksTheCompilerCannotFind() throws {
    let names = Self.absent.values.flatMap { $0 }.sorted()
    let dir = FileManager.default.temporaryDirectory
      .appendingPathComponent("stress-lists-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let source = dir.appendingPathComponent("absent.swift")
    try ("import Foundation\n" + names.map { "_ = \($0)\n" }.joined())
      .write(to: source, atomically: true, encoding: .utf8)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swiftc", "-typecheck", source.path]
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus != 0)
    for name in names {
      #expect(text.contains("cannot find '\(name)' in scope"), "\(name) exists on Linux")
    }
  }
}
