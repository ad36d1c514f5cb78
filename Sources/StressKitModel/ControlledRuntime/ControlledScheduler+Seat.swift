import StressPlatform

extension ControlledScheduler {
  /// A controlled thread's place: its scheduler and its number.
  package final class Seat {
    package let scheduler: ControlledScheduler
    package let thread: Int
    init(_ scheduler: ControlledScheduler, _ thread: Int) {
      self.scheduler = scheduler
      self.thread = thread
    }
  }

  /// The calling thread's seat, if it is a controlled thread.
  package static let seat = Platform.ThreadLocal<Seat>()
  /// Whether a scheduler is alive in this process: outside one, this load is all a primitive
  /// adds to the lock or atomic it stands for.
  @inline(__always)
  package static var anyLive: Bool { Platform.controlledSchedulersAlive }

  /// The calling thread's seat if a scheduler is alive and this thread is one of its own.
  @inline(__always)
  package static var currentSeat: Seat? { anyLive ? seat.value : nil }
}
