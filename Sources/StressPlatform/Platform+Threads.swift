#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// MARK: - Threads

extension Platform {
  /// A closure on its way to a new thread.
  private final class ThreadBody {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
  }

  /// Starts a detached thread running `body`; nil, or the reason it could not start (a
  /// process or thread limit). Foundation's `Thread` gives no such answer: a thread it cannot
  /// create simply never runs, and a trial waiting for it would look like a hang.
  @usableFromInline
  package static func startThread(_ body: @escaping @Sendable () -> Void) -> String? {
    let box = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
    #if canImport(Darwin)
      var thread: pthread_t? = nil
    #else
      var thread = pthread_t()
    #endif
    let rc = pthread_create(
      &thread, nil,
      { argument in
        guard let argument else { return nil }
        Unmanaged<ThreadBody>.fromOpaque(argument).takeRetainedValue().run()
        return nil
      }, box)
    guard rc == 0 else {
      Unmanaged<ThreadBody>.fromOpaque(box).release()
      return errorMessage(rc)
    }
    #if canImport(Darwin)
      if let thread { pthread_detach(thread) }
    #else
      pthread_detach(thread)
    #endif
    return nil
  }
}
