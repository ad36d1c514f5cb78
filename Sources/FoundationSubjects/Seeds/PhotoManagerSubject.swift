import StressKit

/// The GCD tutorial's PhotoManager, in Swift: a shared manager holding a mutable array of
/// photos, `addPhoto(_:)` and a `photos` snapshot. Unprotected, appends race; the tutorial's
/// fix is `rw-barrier` (barrier writes, sync reads). Every snapshot must be a consistent prefix
/// of what was added: each thread adds its photos in order, so a snapshot holds, for each
/// thread, its first k photos in order, nothing torn, nothing twice.
package final class PhotoManagerSubject: StressSubject, @unchecked Sendable {
  package static let info = SubjectInfo(
    id: "photomanager",
    summary: "the GCD tutorial's PhotoManager: addPhoto(_:) and a photos snapshot",
    documented: .notListed, sendable: Sendability.of(PhotoManager.self), traits: [.ordersPerThread],
    calls: [
      "addPhoto(_:), a Swift Array append (write)",
      "photos, an Array copy (read)",
    ],
    leavesOut:
      "removing or replacing photos, count-then-index, iterating the live array: a "
      + "shared var races on them anyway; index access: swift-array covers it")

  struct Photo {
    let token: Int
  }

  final class PhotoManager {
    private var unsafePhotos: [Photo] = []

    func addPhoto(_ photo: Photo) {
      unsafePhotos.append(photo)
    }

    var photos: [Photo] { unsafePhotos }
  }

  private let shape: TrialShape
  private let manager = PhotoManager()
  /// A read checks at most this many of the snapshot's newest photos, so reads stay O(1) as
  /// the array grows; the end check sees every photo.
  static let window = 64

  package init(shape: TrialShape) {
    self.shape = shape
  }

  package func write(_ step: Step) {
    manager.addPhoto(Photo(token: step.token))
  }

  package func read(_ step: Step) -> String? {
    let snapshot = manager.photos
    return Self.prefixProblem(snapshot[max(0, snapshot.count - Self.window)...], shape: shape)
  }

  package func check(writesPerThread: [Int]) -> Violations {
    let photos = manager.photos
    var violations = Token.verify(photos.map(\.token), writesPerThread: writesPerThread)
    if let problem = Self.prefixProblem(photos[...], shape: shape) { violations.add(problem) }
    return violations
  }

  /// Why `photos` cannot be part of a consistent prefix: a photo no write made, or a thread's
  /// photos out of order or with a gap. nil if it can.
  static func prefixProblem(_ photos: ArraySlice<Photo>, shape: TrialShape) -> String? {
    // The last seq seen per thread, -1 before its first photo (threads are few: an array).
    var last = [Int](repeating: -1, count: shape.threads)
    for photo in photos {
      guard shape.couldHaveWritten(photo.token), let (thread, seq) = Token.decode(photo.token)
      else { return "snapshot holds a photo no addPhoto made (\(photo.token))" }
      if last[thread] >= 0 && seq != last[thread] + 1 {
        return "snapshot has thread \(thread)'s photo \(seq) right after its photo \(last[thread])"
      }
      last[thread] = seq
    }
    return nil
  }
}
