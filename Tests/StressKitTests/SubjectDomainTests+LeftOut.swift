import Foundation
import FoundationSubjects
import StressKit
import Testing

@testable import StressKitEngine

/// Calls that subjects used to leave out and applications make: the other ways to take a lock,
/// and FileManager's writes.
extension InProcessSubjects.SubjectDomainTests {
  /// Each lock is taken every way its subject names, and the count still comes out whole.
  @Test func locksAreTakenWithLockAndTryAsWellAsLock() {
    #expect(
      NSLockSubject.info.calls == [
        "lock(), unlock()", "withLock(_:)", "try() until it succeeds, unlock()",
      ])
    #expect(NSRecursiveLockSubject.info.calls.contains { $0.contains("withLock(_:)") })
    #expect(NSRecursiveLockSubject.info.calls.contains { $0.contains("try()") })
    for id in ["nslock", "nsrecursivelock"] {
      let spec = TrialSpec(
        subject: id, wrapper: "unprotected", threads: 1, readRatio: 0.5, bound: .ops(300),
        seed: 3)
      let result = Trial.run(spec, catalog: FoundationCatalog.catalog)
      #expect(result.outcome == .ok, "\(id): \(result.detail)")
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
    let spec = TrialSpec(
      subject: info.id, wrapper: "unprotected", threads: 1, readRatio: 0.5, bound: .ops(400),
      seed: 7)
    let result = Trial.run(spec, catalog: FoundationCatalog.catalog)
    #expect(result.outcome == .ok, "\(result.detail)")
    #expect((result.writes ?? 0) > 0 && (result.reads ?? 0) > 0)
  }
}
