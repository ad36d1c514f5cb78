import CStressPlatform
import Foundation

// Every call into the C library lives here, so porting means reading one file.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Thin, POSIX-shaped helpers for the engine.
@usableFromInline package enum Platform {
  // MARK: - Time and scheduling

  /// Nanoseconds on a monotonic clock.
  @inlinable
  package static func monotonicNanos() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
  }

  /// Gives the core away: used instead of spinning when threads outnumber cores.
  @inlinable
  package static func yield() {
    sched_yield()
  }

  /// The CPUs this process may run on (its affinity mask), in order; empty where unknown.
  @usableFromInline
  package static func allowedCPUs() -> [Int] {
    #if os(Linux)
      // Glibc's Swift module hides the affinity calls (_GNU_SOURCE declarations).
      typealias GetAffinity = @convention(c) (pid_t, Int, UnsafeMutableRawPointer) -> Int32
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "sched_getaffinity") else {
        return []
      }
      var set = cpu_set_t()
      let get = unsafeBitCast(symbol, to: GetAffinity.self)
      let ok = withUnsafeMutableBytes(of: &set) { get(0, $0.count, $0.baseAddress!) } == 0
      guard ok else { return [] }
      return withUnsafeBytes(of: &set) { bytes in
        (0..<bytes.count * 8).filter { bytes[$0 / 8] & UInt8(1 << ($0 % 8)) != 0 }
      }
    #else
      return []
    #endif
  }

  /// Pins the calling thread to one CPU; false where the platform cannot.
  @usableFromInline
  package static func pinCurrentThread(toCPU cpu: Int) -> Bool {
    #if os(Linux)
      var set = cpu_set_t()
      let bits = MemoryLayout<cpu_set_t>.size * 8
      guard cpu >= 0 && cpu < bits else { return false }
      withUnsafeMutableBytes(of: &set) { bytes in
        bytes[cpu / 8] |= UInt8(1 << (cpu % 8))
      }
      typealias SetAffinity = @convention(c) (pid_t, Int, UnsafeRawPointer) -> Int32
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "sched_setaffinity") else {
        return false
      }
      let setAffinity = unsafeBitCast(symbol, to: SetAffinity.self)
      return withUnsafeBytes(of: &set) { setAffinity(0, $0.count, $0.baseAddress!) } == 0
    #else
      return false
    #endif
  }

  /// Read once: Foundation reads the cgroup's CPU quota from files on every call, and every
  /// start gate and checkpoint asks (a model test makes one of each per batch).
  @usableFromInline
  package static let processorCount = ProcessInfo.processInfo.activeProcessorCount

  @usableFromInline
  package static func sleep(seconds: Double) {
    guard seconds > 0 else { return }
    var ts = timespec(
      tv_sec: Int(seconds), tv_nsec: Int((seconds - Double(Int(seconds))) * 1e9))
    var left = timespec()
    while nanosleep(&ts, &left) != 0 && errno == EINTR { ts = left }
  }

  // MARK: - Processes

  /// Whether standard error is a terminal (a live progress line) or a file or pipe (plain lines).
  @usableFromInline
  package static var standardErrorIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

  @usableFromInline
  package static var processID: Int32 { getpid() }
  @usableFromInline
  package static var parentProcessID: Int32 { getppid() }

  /// The path of the running executable, so workers can be the same binary.
  @usableFromInline
  package static func executablePath() -> String {
    #if os(Linux)
      if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
        return path
      }
    #endif
    return Bundle.main.executablePath ?? CommandLine.arguments[0]
  }

  /// A child process with its standard input, its result channel (fd 3) and its combined
  /// stdout and stderr connected to pipes held by the parent.
  @usableFromInline
  package struct Child {
    @usableFromInline
    package var pid: Int32
    @usableFromInline
    package var input: Int32
    @usableFromInline
    package var results: Int32
    @usableFromInline
    package var diagnostics: Int32
  }

  @usableFromInline
  package enum SystemError: Error, CustomStringConvertible {
    /// What was tried, errno, and in words where the system's are cryptic (ENXIO on a pipe).
    case failed(String, Int32, String? = nil)
    @usableFromInline
    package var description: String {
      switch self {
      case .failed(let what, let code, let reason):
        "\(what) failed: \(reason ?? String(cString: strerror(code)))"
      }
    }
  }

  @usableFromInline
  package static func spawn(
    executable: String, arguments: [String], environment: [String: String]
  ) throws -> Child {
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for p in argv { free(p) }
      for p in envp { free(p) }
    }
    // fork and exec by hand (in C), so the worker asks to die with its parent before anything
    // can stop it: with posix_spawn it could be stopped before its own first line runs.
    return try withWorkerPipes { fds in
      let pid = cstress_spawn_worker(executable, argv, envp, fds)
      guard pid > 0 else { throw SystemError.failed("spawning \(executable)", -pid) }
      return pid
    }
  }

  /// A worker's three pipes: `start` gets the child's ends (descriptors 0 to 3 to be) and
  /// returns its pid; the parent's ends come back as the `Child`, the child's are closed.
  static func withWorkerPipes(_ start: ([Int32]) throws -> Int32) throws -> Child {
    // Close-on-exec from the start: no worker spawned by another thread inherits an end.
    var opened: [Int32] = []
    func makePipe() throws -> (read: Int32, write: Int32) {
      var fds: [Int32] = [0, 0]
      guard cstress_pipe(&fds) == 0 else {
        let code = errno
        for fd in opened { close(fd) }
        throw SystemError.failed("pipe", code)
      }
      opened += fds
      return (fds[0], fds[1])
    }
    let input = try makePipe()
    let results = try makePipe()
    let diagnostics = try makePipe()
    let pid: Int32
    do {
      pid = try start([input.read, diagnostics.write, diagnostics.write, results.write])
    } catch {
      for fd in opened { close(fd) }
      throw error
    }
    close(input.read)
    close(results.write)
    close(diagnostics.write)
    return Child(
      pid: pid, input: input.write, results: results.read, diagnostics: diagnostics.read)
  }

  /// How a child ended.
  @usableFromInline
  package enum Termination: Equatable, Sendable {
    case exited(Int32)
    case signaled(Int32)
  }

  /// Waits for `pid`; nil if `block` is false and it has not ended yet.
  @usableFromInline
  package static func wait(_ pid: Int32, block: Bool = true) -> Termination? {
    var status: Int32 = 0
    while true {
      let rc = waitpid(pid, &status, block ? 0 : WNOHANG)
      if rc == -1 && errno == EINTR { continue }
      guard rc == pid else { return rc == 0 ? nil : .exited(-1) }
      break
    }
    let low = status & 0x7F
    return low == 0 ? .exited((status >> 8) & 0xFF) : .signaled(low)
  }

  /// The CPU seconds process `pid` has used so far, in user and system time, all its threads
  /// together (Linux's /proc, in clock ticks); nil where it cannot be read (not Linux, or the
  /// process is gone).
  package static func cpuSeconds(of pid: Int32) -> Double? {
    let fd = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { _ = close(fd) }
    var buffer = [UInt8](repeating: 0, count: 1024)
    let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    guard count > 0 else { return nil }
    // The command's name, in parentheses, may hold spaces: the fields start after its end.
    let text = buffer[..<count]
    guard let close = text.lastIndex(of: UInt8(ascii: ")")) else { return nil }
    let fields = text[(close + 1)...].split(separator: UInt8(ascii: " "))
    // After the name: state, ppid, ..., utime (the 12th), stime (the 13th).
    guard fields.count > 12, let user = Int(String(decoding: fields[11], as: UTF8.self)),
      let system = Int(String(decoding: fields[12], as: UTF8.self))
    else { return nil }
    let ticks = sysconf(Int32(_SC_CLK_TCK))
    return ticks > 0 ? Double(user + system) / Double(ticks) : nil
  }

  @usableFromInline
  package static func killHard(_ pid: Int32) {
    _ = kill(pid, SIGKILL)
  }

  @usableFromInline
  package static func signalName(_ signal: Int32) -> String {
    switch signal {
    case SIGSEGV: "SIGSEGV"
    case SIGABRT: "SIGABRT"
    case SIGILL: "SIGILL"
    case SIGTRAP: "SIGTRAP"
    case SIGBUS: "SIGBUS"
    case SIGFPE: "SIGFPE"
    case SIGKILL: "SIGKILL"
    case SIGTERM: "SIGTERM"
    case SIGINT: "SIGINT"
    case SIGPIPE: "SIGPIPE"
    default: "signal \(signal)"
    }
  }

  @usableFromInline
  package static func exitImmediately(_ code: Int32) -> Never {
    _exit(code)
  }

  // MARK: - The machine

  /// Kernel name, release and architecture, e.g. "Linux 6.1.0 x86_64".
  @usableFromInline
  package static func kernel() -> String {
    var u = utsname()
    guard uname(&u) == 0 else { return "unknown" }
    func text<T>(_ field: inout T) -> String {
      withUnsafePointer(to: &field) {
        $0.withMemoryRebound(to: CChar.self, capacity: MemoryLayout<T>.size) { String(cString: $0) }
      }
    }
    return "\(text(&u.sysname)) \(text(&u.release)) \(text(&u.machine))"
  }

  // MARK: - Locks

  /// A `pthread_rwlock_t` at a stable address.
  @usableFromInline package final class ReadWriteLock: @unchecked Sendable {
    @usableFromInline let raw: UnsafeMutablePointer<pthread_rwlock_t>

    @usableFromInline package init() {
      raw = .allocate(capacity: 1)
      raw.initialize(to: pthread_rwlock_t())
      pthread_rwlock_init(raw, nil)
    }

    deinit {
      pthread_rwlock_destroy(raw)
      raw.deallocate()
    }

    @inlinable package func lockShared() { pthread_rwlock_rdlock(raw) }
    @inlinable package func lockExclusive() { pthread_rwlock_wrlock(raw) }
    @inlinable package func unlock() { pthread_rwlock_unlock(raw) }
  }
}
