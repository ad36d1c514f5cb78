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
    switch create(body) {
    case .success(let thread):
      pthread_detach(thread)
      return nil
    case .failure(let reason): return reason.text
    }
  }

  /// A thread that `join` waits for: until it is gone, its stack stays mapped.
  @usableFromInline
  package struct JoinableThread: @unchecked Sendable {
    fileprivate let thread: pthread_t
  }

  /// Starts a thread running `body` that `join` must wait for; or the reason it could not
  /// start. A trial's threads are joined before its answer: a detached thread still exiting
  /// holds its stack, and the next trial's threads, at a thousand a trial, then met the
  /// worker's memory limit (the harness's fault, not the subject's).
  @usableFromInline
  package static func startJoinableThread(_ body: @escaping @Sendable () -> Void)
    -> Result<JoinableThread, ThreadFailure>
  {
    create(body).map(JoinableThread.init)
  }

  /// Waits until `thread` has ended and its resources are released.
  @usableFromInline
  package static func join(_ thread: JoinableThread) {
    pthread_join(thread.thread, nil)
  }

  /// Why a thread could not start.
  @usableFromInline
  package struct ThreadFailure: Error {
    @usableFromInline
    package let text: String
  }

  private static func create(_ body: @escaping @Sendable () -> Void)
    -> Result<pthread_t, ThreadFailure>
  {
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
      return .failure(ThreadFailure(text: errorMessage(rc)))
    }
    #if canImport(Darwin)
      return .success(thread!)
    #else
      return .success(thread)
    #endif
  }
}
