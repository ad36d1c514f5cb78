import Foundation
import FoundationSubjects
import StressKit
import Testing

@testable import StressKitEngine

/// Calls that subjects used to leave out and applications make: the other ways to take a lock,
/// and FileManager's writes.
extension InProcessSubjects.SubjectDomainTests {
  /// One trial of subject `id` in this process (unprotected unless told), which must end ok.
  @discardableResult
  func expectOK(
    _ id: String, wrapper: String = "unprotected", threads: Int = 1, readRatio: Double = 0.5,
    ops: Int = 300, seed: UInt64, sourceLocation: SourceLocation = #_sourceLocation
  ) -> TrialResult {
    let spec = TrialSpec(
      subject: id, wrapper: wrapper, threads: threads, readRatio: readRatio,
      bound: .ops(ops), seed: seed)
    let result = Trial.run(spec, catalog: FoundationCatalog.catalog)
    #expect(result.outcome == .ok, "\(id): \(result.detail)", sourceLocation: sourceLocation)
    return result
  }

  /// Each lock is taken every way its subject names, and the count still comes out whole.
  @Test func locksAreTakenWithLockAndTryAsWellAsLock() {
    #expect(
      NSLockSubject.info.calls == [
        "lock(), unlock()", "withLock(_:)", "try() until it succeeds, unlock()",
      ])
    #expect(NSRecursiveLockSubject.info.calls.contains { $0.contains("withLock(_:)") })
    #expect(NSRecursiveLockSubject.info.calls.contains { $0.contains("try()") })
    for id in ["nslock", "nsrecursivelock"] {
      expectOK(id, seed: 3)
    }
    // Every way of taking it raises the count once.
    let subject = NSLockSubject(shape: TrialShape(threads: 1, opsPerThread: 3))
    for random: UInt64 in 0..<3 { subject.write(Step(thread: 0, seq: Int(random), random: random)) }
    #expect(subject.check(writesPerThread: [3]).isEmpty)
    #expect(!subject.check(writesPerThread: [4]).isEmpty)
  }

  /// `filemanager-writes` creates, moves and removes each thread's files and the shared
  /// directories, lists and enumerates while they change, and tells a thread's names from any
  /// other.
  @Test func fileManagerWritesCreateMoveRemoveAndListWhileTheyChange() {
    let info = FileManagerWritesSubject.info
    for call in [
      "createDirectory(atPath:withIntermediateDirectories: true)", "createFile(atPath:contents:)",
      "moveItem(atPath:toPath:)", "removeItem(atPath:)", "contentsOfDirectory(atPath:)",
      "enumerator(atPath:)", "contents(atPath:)",
    ] {
      #expect(info.calls.contains { $0.contains(call) }, "filemanager-writes lacks \(call)")
    }
    for name in ["shared", "shared/2/3", "file-0-1", "moved-7-3", ".dat.nosyncAB.c"] {
      #expect(FileManagerWritesSubject.known(name), "\(name)")
    }
    for name in ["file-0", "moved-a-1", "other", "file-1-2-3"] {
      #expect(!FileManagerWritesSubject.known(name), "\(name)")
    }
    // Alone, every write succeeds and every read passes; its files go with the trial.
    let result = expectOK(info.id, ops: 400, seed: 7)
    #expect((result.writes ?? 0) > 0 && (result.reads ?? 0) > 0)
  }

  /// A timer others fire is invalidated by thread 0's ninth write: from then on it reads
  /// invalid, and the shared timer's own count and date still come out right.
  @Test func timerSharedInvalidatesATimerOthersFire() {
    #expect(TimerSubject.info.calls.contains { $0.hasPrefix("invalidate()") })
    let subject = TimerSubject(shape: TrialShape(threads: 1, opsPerThread: 12))
    for seq in 0..<12 {
      subject.write(Step(thread: 0, seq: seq, random: 0))
      #expect(subject.read(Step(thread: 0, seq: seq, random: 0)) == nil, "after write \(seq)")
    }
    #expect(subject.check(writesPerThread: [12]).isEmpty)
  }

  /// Threads cancel each other's Thread, and a cancelled thread reads isCancelled.
  @Test func threadDictionaryCancelsAnotherThread() throws {
    let calls = ThreadDictionarySubject.info.calls
    #expect(calls.contains("cancel() of another thread's Thread (write)"))
    #expect(calls.contains("Thread.current.isCancelled (read)"))
    expectOK("thread-dictionary", threads: 2, ops: 400, seed: 9)
    // A reader-writer barrier runs writes on a queue's thread: the cancel is the Thread's.
    expectOK("thread-dictionary", wrapper: "rw-barrier", threads: 4, ops: 2_000, seed: 9)
  }

  /// Posts come from one of two senders or none, and an observer of one sender gets its posts
  /// and no other's.
  @Test func notificationCenterFiltersBySender() {
    #expect(NotificationCenterSubject.info.calls.contains { $0.contains("object: a sender") })
    let subject = NotificationCenterSubject(shape: TrialShape(threads: 1, opsPerThread: 4))
    // random 0: an observer of the name from sender 0.
    subject.write(Step(thread: 0, seq: 0, random: 0))
    // Posts from sender 1, from sender 0, and from none: each read checks who got it.
    for random: UInt64 in [1 << 8 | 1 << 16, 1 << 8, 0] {
      #expect(subject.read(Step(thread: 0, seq: 1, random: random)) == nil)
    }
    #expect(subject.check(writesPerThread: [1]).isEmpty)
  }

  /// NSLog writes long and two-line messages as well as short ones.
  @Test func nsLogWritesLongAndTwoLineMessages() {
    let calls = NSLogSubject.info.calls
    #expect(
      calls.contains { $0.contains("6,000 bytes") } && calls.contains { $0.contains("two lines") })
    #expect(NSLogSubject.padding.utf8.count > 4_096)
  }

  /// The pipe is drained each of three ways in turn, and each gets every record whole.
  @Test func pipeIsDrainedToTheEndByEveryReader() {
    #expect(PipeSubject.info.calls.filter { $0.contains("fileHandleForReading") }.count == 3)
    for seed in 0..<3 {
      expectOK("pipe-shared", readRatio: 0, ops: 500, seed: UInt64(seed))
    }
  }

  /// The scratch-space directories join the user functions, and NSCondition wakes with
  /// broadcast() too; alone, both subjects read back what they should.
  @Test func userDirectoriesAndConditionBroadcast() {
    let calls = UserNameFunctionsSubject.info.calls
    #expect(calls.contains("NSTemporaryDirectory()"))
    #expect(calls.contains { $0.contains("homeDirectoryForCurrentUser") })
    let user = UserNameFunctionsSubject(shape: TrialShape(threads: 1, opsPerThread: 1))
    #expect(user.read(Step(thread: 0, seq: 0, random: 0)) == nil)
    #expect(NSConditionSubject.info.calls.contains("broadcast() (one in four)"))
    for id in ["nscondition", "username-functions"] {
      expectOK(id, ops: 400, seed: 4)
    }
  }

  /// A resource bundle of the trial's own is found, read and shared: its resource, its info
  /// key and its identifier come back, and a missing localized string falls back.
  @Test func bundleOpensAResourceBundleOfItsOwn() {
    let subject = BundleSubject(shape: TrialShape(threads: 1, opsPerThread: 1))
    let answers = subject.describe()
    #expect(answers.filter { $0.hasSuffix("Resources/resource.txt") }.count == 4, "\(answers)")
    #expect(answers.filter { $0 == "hello" }.count == 2)
    #expect(answers.filter { $0 == "org.stress.resources" }.count == 2)
    #expect(answers.filter { $0 == "fallback" }.count == 3)
    #expect(subject.read(Step(thread: 0, seq: 0, random: 0)) == nil)
  }

  /// The reconfigured formatters also parse while reconfigured: a text of one configuration
  /// reads as nothing or a date (a number) some configuration gives, and anything else fails.
  @Test func mutatingFormattersParseWhileReconfigured() {
    #expect(DateFormatterMutatingSubject.info.calls.contains("date(from:) (read, 1 in 4)"))
    #expect(NumberFormatterMutatingSubject.info.calls.contains("number(from:) (read, 1 in 4)"))
    let dates = DateFormatterMutatingSubject(shape: TrialShape(threads: 1, opsPerThread: 64))
    let numbers = NumberFormatterMutatingSubject(shape: TrialShape(threads: 1, opsPerThread: 64))
    var random = SplitMixForTests(seed: 5)
    for seq in 0..<400 {
      let step = Step(thread: 0, seq: seq, random: random.next())
      dates.write(step)
      numbers.write(step)
      #expect(dates.parse(step) == nil && numbers.parse(step) == nil, "step \(seq)")
    }
    // What a parser stopping early may read, and nothing else.
    let readings = NumberFormatterMutatingSubject.decimalReadings("1.234.567")
    #expect(readings.contains(1.234) && readings.contains(1) && !readings.contains(2))
  }

  /// The last calls subjects left out, each named and run alone in-process, where every
  /// trial must end ok: what they add is sound by itself.
  @Test func theLastLeftOutCallsAreMadeAndSoundAlone() {
    let named: [(String, [String])] = [
      ("scanner-shared", ["scanString(\"#\")"]),
      ("filehandle-shared", ["synchronize()"]),
      ("nsmutablecharacterset", ["bridged to CharacterSet"]),
      ("notificationqueue", ["coalesceMask [.onName, .onSender]"]),
      ("timer-runloop", ["repeats: true", ".common"]),
      ("nsmutableattributedstring", ["setAttributes(_:range:)", "replaceCharacters(in:with:)"]),
      ("nskeyedarchiver-mutated", ["requiringSecureCoding: true", "unarchivedObject(ofClasses:"]),
      ("nsenumerator-mutated", ["replaceObject(at:with:)", "removeLastObject()"]),
    ]
    for (id, calls) in named {
      let info = FoundationCatalog.catalog.subjects.first { $0.info.id == id }?.info
      for call in calls {
        #expect(info?.calls.contains { $0.contains(call) } == true, "\(id) lacks \(call)")
      }
      expectOK(id, seed: 6)
    }
    #expect(NSMutableDictionaryModel.info.calls.contains("removeAllObjects()"))
    #expect(NSMutableDictionaryModel.operations.map(\.name).contains("keysAndValues"))
    #expect(NSCountedSetModel.operations.map(\.name).contains("removeAll"))
    // Each of the archiver's three shapes gives its token back.
    for value: Any in [
      NSNumber(value: 9), ArchivedRecord(token: 9),
      NSArray(array: [NSNumber(value: 9), NSDictionary(dictionary: ["token": NSNumber(value: 9)])]),
    ] {
      #expect(NSKeyedArchiverSubject.token(value) == 9)
    }
  }
}
