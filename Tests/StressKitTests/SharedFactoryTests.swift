import Foundation
import FoundationSubjects
import Testing

/// The factories the subjects call on every operation hand out one object, asked from several
/// threads at once: so every thread of such a subject shares one object, as a "safe" entry
/// promises. (`Host.current()` does not, so `host` takes one and shares it itself.)
@Suite struct SharedFactoryTests {
  /// The distinct objects `make` returned, asked by 8 threads at once, 200 times each.
  func distinct(_ make: @Sendable @escaping () -> AnyObject) -> Int {
    // Every object is kept alive to the end: a freed one's address, and so its identifier,
    // could come back for the next.
    final class Kept: @unchecked Sendable {
      let lock = NSLock()
      var objects: [AnyObject] = []
    }
    let kept = Kept()
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      let mine = (0..<200).map { _ in make() }
      kept.lock.lock()
      kept.objects += mine
      kept.lock.unlock()
    }
    return Set(kept.objects.map(ObjectIdentifier.init)).count
  }

  @Test func fileManagerProcessInfoAndMainBundleAreOneObjectEach() {
    #expect(distinct { FileManager.default } == 1)
    #expect(distinct { ProcessInfo.processInfo } == 1)
    #expect(distinct { Bundle.main } == 1)
  }

  /// Why `host` takes one Host and shares it: asked per read, Host.current() would give each
  /// thread an object of its own. (Should a toolchain make it one object, this fails, and the
  /// subject's comment is to be revised.)
  @Test func hostCurrentHandsOutAnObjectPerCall() {
    #expect(distinct { Host.current() } > 1)
  }
}
