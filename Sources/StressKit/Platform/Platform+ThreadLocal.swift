#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// MARK: - Thread-local values

extension Platform {
  /// One object per thread, unretained: the thread that sets it keeps it alive while set. A
  /// pthread key, since Swift has no thread-local storage of its own and `Thread.current`'s
  /// dictionary costs a lookup by name.
  package final class ThreadLocal<Value: AnyObject>: @unchecked Sendable {
    private var key = pthread_key_t()

    package init() {
      pthread_key_create(&key, nil)
    }

    /// This thread's value, or nil.
    @inline(__always)
    package var value: Value? {
      get { pthread_getspecific(key).map { Unmanaged<Value>.fromOpaque($0).takeUnretainedValue() } }
      set { pthread_setspecific(key, newValue.map { Unmanaged.passUnretained($0).toOpaque() }) }
    }
  }
}
