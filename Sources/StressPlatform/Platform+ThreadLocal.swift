import CStressPlatform

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

// MARK: - The controlled schedulers' count

extension Platform {
  /// Whether a controlled scheduler is alive in this process: a C global's relaxed load, with
  /// no lazy initializer's check, since the scheduled primitives ask on every call.
  /// Inlinable: a scheduled primitive's fast path inlines into its caller, even in another
  /// package, and this load is all it adds outside a controlled run.
  @inlinable
  package static var controlledSchedulersAlive: Bool { cstress_controlled_count() != 0 }

  /// One more controlled scheduler alive (`delta` 1), or one fewer (-1).
  package static func countControlledSchedulers(_ delta: Int) {
    cstress_controlled_add(delta)
  }
}
