import StressKit

/// Apple's Thread Safety Summary (Threading Programming Guide, Foundation): both lists, entry
/// by entry in the Summary's own spelling, with what exists in Foundation on Linux under that
/// name or its Swift name, and the subjects that stress it. Which names exist is established
/// by compiling (`SummaryListsTests`).
enum SummaryLists {
  static let safe: [ListedEntry] = [
    ListedEntry("NSArray", .safe, platformName: "NSArray", subjects: ["nsarray"]),
    ListedEntry("NSAssertionHandler", .safe, platformName: nil),
    ListedEntry(
      "NSAttributedString", .safe, platformName: "NSAttributedString",
      subjects: ["nsattributedstring"]),
    ListedEntry("NSCalendarDate", .safe, platformName: nil),
    ListedEntry(
      "NSCharacterSet", .safe, platformName: "NSCharacterSet", subjects: ["nscharacterset"]),
    ListedEntry(
      "NSConditionLock", .safe, platformName: "NSConditionLock", subjects: ["nsconditionlock"]),
    ListedEntry("NSConnection", .safe, platformName: nil),
    ListedEntry("NSData", .safe, platformName: "NSData", subjects: ["nsdata"]),
    ListedEntry("NSDate", .safe, platformName: "NSDate", subjects: ["nsdate"]),
    ListedEntry(
      "NSDecimal functions", .safe, platformName: "NSDecimalAdd",
      subjects: ["nsdecimal-functions"]),
    ListedEntry(
      "NSDecimalNumber", .safe, platformName: "NSDecimalNumber", subjects: ["nsdecimalnumber"]),
    ListedEntry(
      "NSDecimalNumberHandler", .safe, platformName: "NSDecimalNumberHandler",
      subjects: ["nsdecimalnumber"]),
    ListedEntry("NSDeserializer", .safe, platformName: nil),
    ListedEntry("NSDictionary", .safe, platformName: "NSDictionary", subjects: ["nsdictionary"]),
    ListedEntry("NSDistantObject", .safe, platformName: nil),
    ListedEntry("NSDistributedLock", .safe, platformName: nil),
    ListedEntry("NSDistributedNotificationCenter", .safe, platformName: nil),
    ListedEntry("NSException", .safe, platformName: nil),
    ListedEntry(
      "NSFileManager", .safe, platformName: "FileManager",
      subjects: ["filemanager-attributes", "filemanager-writes"]),
    ListedEntry("NSHost", .safe, platformName: "Host", subjects: ["host"]),
    ListedEntry(
      "NSLock", .safe, platformName: "NSLock", subjects: ["nslock", "recursive-lock-deadlock"]),
    ListedEntry("NSLog/NSLogv", .safe, platformName: "NSLog", subjects: ["nslog"]),
    ListedEntry("NSMethodSignature", .safe, platformName: nil),
    ListedEntry(
      "NSNotification", .safe, platformName: "NSNotification", subjects: ["nsnotification"]),
    ListedEntry(
      "NSNotificationCenter", .safe, platformName: "NotificationCenter",
      subjects: ["notificationcenter"]),
    ListedEntry("NSNumber", .safe, platformName: "NSNumber", subjects: ["nsnumber"]),
    ListedEntry("NSObject", .safe, platformName: "NSObject", subjects: ["nsobject"]),
    ListedEntry("NSPortCoder", .safe, platformName: nil),
    ListedEntry("NSPortMessage", .safe, platformName: "PortMessage", subjects: ["portmessage"]),
    ListedEntry("NSPortNameServer", .safe, platformName: nil),
    ListedEntry("NSProtocolChecker", .safe, platformName: nil),
    ListedEntry("NSProxy", .safe, platformName: nil),
    ListedEntry(
      "NSRecursiveLock", .safe, platformName: "NSRecursiveLock", subjects: ["nsrecursivelock"]),
    ListedEntry("NSSet", .safe, platformName: "NSSet", subjects: ["nsset"]),
    ListedEntry("NSString", .safe, platformName: "NSString", subjects: ["nsstring"]),
    ListedEntry("NSThread", .safe, platformName: "Thread", subjects: ["thread-dictionary"]),
    ListedEntry("NSTimer", .safe, platformName: "Timer", subjects: ["timer-shared"]),
    ListedEntry("NSTimeZone", .safe, platformName: "NSTimeZone", subjects: ["nstimezone"]),
    ListedEntry(
      "NSUserDefaults", .safe, platformName: "UserDefaults", subjects: ["userdefaults"]),
    ListedEntry("NSValue", .safe, platformName: "NSValue", subjects: ["nsvalue"]),
    ListedEntry("Object allocation and retain count functions", .safe, platformName: nil),
    ListedEntry(
      "Zone and memory functions", .safe, platformName: "NSPageSize",
      subjects: ["memory-functions"]),
  ]

  static let formatters = [
    "dateformatter", "dateformatter-mutating", "iso8601dateformatter",
    "iso8601dateformatter-mutating", "numberformatter", "numberformatter-mutating",
    "bytecountformatter", "dateintervalformatter", "lengthformatter", "massformatter",
    "energyformatter",
  ]

  static let unsafe: [ListedEntry] = [
    ListedEntry("NSArchiver", .unsafe, platformName: nil),
    ListedEntry("NSAutoreleasePool", .unsafe, platformName: nil),
    ListedEntry("NSBundle", .unsafe, platformName: "Bundle", subjects: ["bundle-main"]),
    ListedEntry(
      "NSCalendar", .unsafe, platformName: "NSCalendar",
      subjects: ["nscalendar", "nscalendar-mutating"]),
    ListedEntry(
      "NSCoder", .unsafe, platformName: "NSCoder", subjects: ["nskeyedarchiver-mutated"]),
    ListedEntry(
      "NSCountedSet", .unsafe, platformName: "NSCountedSet",
      subjects: ["nscountedset", "nscountedset-model"]),
    ListedEntry(
      "NSDateFormatter", .unsafe, platformName: "DateFormatter",
      subjects: ["dateformatter", "dateformatter-mutating"]),
    ListedEntry(
      "NSEnumerator", .unsafe, platformName: "NSEnumerator", subjects: ["nsenumerator-mutated"]),
    ListedEntry(
      "NSFileHandle", .unsafe, platformName: "FileHandle", subjects: ["filehandle-shared"]),
    ListedEntry("NSFormatter", .unsafe, platformName: "Formatter", subjects: formatters),
    ListedEntry("NSHashTable", .unsafe, platformName: nil),
    ListedEntry("NSInvocation", .unsafe, platformName: nil),
    ListedEntry("NSJavaSetup", .unsafe, platformName: nil),
    ListedEntry("NSMapTable", .unsafe, platformName: nil),
    ListedEntry(
      "NSMutableArray", .unsafe, platformName: "NSMutableArray", subjects: ["nsmutablearray"]),
    ListedEntry(
      "NSMutableAttributedString", .unsafe, platformName: "NSMutableAttributedString",
      subjects: ["nsmutableattributedstring"]),
    // No subject: on this toolchain every mutation traps even on one thread ("Immutable
    // character set passed to mutable function"; swift-corelibs-foundation 5141, 5262).
    ListedEntry(
      "NSMutableCharacterSet", .unsafe, platformName: "NSMutableCharacterSet",
      subjects: ["nsmutablecharacterset"]),
    ListedEntry(
      "NSMutableData", .unsafe, platformName: "NSMutableData", subjects: ["nsmutabledata"]),
    ListedEntry(
      "NSMutableDictionary", .unsafe, platformName: "NSMutableDictionary",
      subjects: ["nsmutabledictionary", "nsmutabledictionary-model"]),
    ListedEntry("NSMutableSet", .unsafe, platformName: "NSMutableSet", subjects: ["nsmutableset"]),
    ListedEntry(
      "NSMutableString", .unsafe, platformName: "NSMutableString", subjects: ["nsmutablestring"]),
    ListedEntry(
      "NSNotificationQueue", .unsafe, platformName: "NotificationQueue",
      subjects: ["notificationqueue"]),
    ListedEntry(
      "NSNumberFormatter", .unsafe, platformName: "NumberFormatter",
      subjects: ["numberformatter", "numberformatter-mutating"]),
    ListedEntry("NSPipe", .unsafe, platformName: "Pipe", subjects: ["pipe-shared"]),
    ListedEntry(
      "NSPort", .unsafe, platformName: "Port",
      note:
        "no subject: Port is abstract (its init() traps), and SocketPort, the one concrete "
        + "port, traps in socketDidReceiveData receiving messages sent from a single "
        + "thread (Swift 6.3.1)"),
    ListedEntry(
      "NSProcessInfo", .unsafe, platformName: "ProcessInfo",
      subjects: ["processinfo-hostname", "processinfo", "environment-setenv"]),
    ListedEntry("NSRunLoop", .unsafe, platformName: "RunLoop", subjects: ["timer-runloop"]),
    ListedEntry("NSScanner", .unsafe, platformName: "Scanner", subjects: ["scanner-shared"]),
    ListedEntry("NSSerializer", .unsafe, platformName: nil),
    ListedEntry("NSTask", .unsafe, platformName: "Process", subjects: ["process-launch"]),
    ListedEntry("NSUnarchiver", .unsafe, platformName: nil),
    ListedEntry("NSUndoManager", .unsafe, platformName: nil),
    ListedEntry(
      "User name and home directory functions", .unsafe, platformName: "NSUserName",
      subjects: ["username-functions"]),
  ]

  static let entries = safe + unsafe
}
