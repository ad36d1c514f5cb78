import Dispatch
import StressKit

/// The GCD tutorial's `PhotoManager`: photos behind a concurrent queue, read with `sync` and
/// added with `async(flags: .barrier)`, so that a write runs alone and reads run side by side.
/// Its queue is a `ScheduledQueue` (`typealias DispatchQueue = ScheduledQueue` in a test build
/// does the same) and its array a `Shared` cell, so the controlled scheduler sees both.
final class PhotoManager: @unchecked Sendable {
  private let queue = ScheduledQueue(label: "photoQueue", attributes: .concurrent)
  private let unsafePhotos = Shared([Int](), name: "unsafePhotos")

  var photos: [Int] { queue.sync { unsafePhotos.read() } }

  func addPhoto(_ photo: Int) {
    queue.async(flags: .barrier) { [self] in unsafePhotos.modify { $0.append(photo) } }
  }
}

/// The tutorial's bug before its fix: the write leaves the barrier out, so two adds (or an add
/// and a read) run side by side on the array.
final class BarrierlessPhotoManager: @unchecked Sendable {
  private let queue = ScheduledQueue(label: "photoQueue", attributes: .concurrent)
  private let unsafePhotos = Shared([Int](), name: "unsafePhotos")

  var photos: [Int] { queue.sync { unsafePhotos.read() } }

  func addPhoto(_ photo: Int) {
    queue.async { [self] in unsafePhotos.modify { $0.append(photo) } }
  }
}
