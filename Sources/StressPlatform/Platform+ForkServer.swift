import CStressPlatform
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// MARK: - The fork server's system calls (`ForkServer`, `Zygote`; C side in Zygote.c)

extension Platform {
  /// Whether this system can fork workers from a server (Linux: a subreaper adopts them).
  package static var hasForkServer: Bool {
    #if os(Linux)
      true
    #else
      false
    #endif
  }

  /// Whether a child asks the kernel to kill it with its parent (`cstress_spawn_worker` and
  /// the fork server do, on Linux).
  package static var hasParentDeathSignal: Bool {
    #if os(Linux)
      true
    #else
      false
    #endif
  }

  /// Whether this binary carries ThreadSanitizer's runtime: a forked worker then copies its
  /// shadow memory page by page, and ran 2.7x slower than an exec'ed one in the test suite.
  package static var hasThreadSanitizer: Bool {
    dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__tsan_init") != nil
  }

  /// The control channel's two ends, closed on exec.
  package static func controlPair() throws -> (runner: Int32, server: Int32) {
    var fds: [Int32] = [-1, -1]
    let rc = cstress_control_pair(&fds)
    guard rc == 0 else { throw SystemError.failed("socketpair", -rc) }
    return (fds[0], fds[1])
  }

  /// Shows this process as `words` after the program's name in `ps` and /proc/PID/cmdline,
  /// and names its main thread `name` (at most 15 bytes are kept): a forked worker would
  /// otherwise show its zygote's command line. False if the words do not fit in the space
  /// the original arguments took, or off Linux.
  @discardableResult
  package static func retitle(_ words: [String], name: String) -> Bool {
    let tail: [UInt8] = words.flatMap { Array($0.utf8) + [0] }
    return tail.withUnsafeBufferPointer { bytes in
      bytes.withMemoryRebound(to: CChar.self) { chars in
        cstress_retitle(
          CommandLine.argc, CommandLine.unsafeArgv, chars.baseAddress, chars.count, name) == 0
      }
    }
  }

  /// Makes this process adopt its orphaned descendants, the fork server's workers among them,
  /// or stop adopting them.
  package static func setSubreaper(_ on: Bool) -> Bool {
    cstress_set_subreaper(on ? 1 : 0) == 0
  }

  /// Whether this process adopts its orphaned descendants.
  static var isSubreaper: Bool { cstress_is_subreaper() == 1 }

  /// Starts `executable` as a fork server with `control` as its descriptor 3 and nothing else
  /// (0 to 2 read and write /dev/null); its pid.
  package static func spawnServer(
    executable: String, arguments: [String], environment: [String: String], control: Int32
  ) throws -> Int32 {
    let null = open("/dev/null", O_RDWR | O_CLOEXEC)
    guard null >= 0 else { throw SystemError.failed("opening /dev/null", errno) }
    defer { close(null) }
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for p in argv { free(p) }
      for p in envp { free(p) }
    }
    let pid = cstress_spawn_worker(executable, argv, envp, [null, null, null, control])
    guard pid > 0 else { throw SystemError.failed("spawning \(executable)", -pid) }
    return pid
  }

  /// Waits for the server's first word: nil once it serves, else why not.
  package static func serverReady(_ control: Int32, milliseconds: Int32) -> SystemError? {
    let rc = cstress_zygote_wait_ready(control, milliseconds)
    return rc == 0 ? nil : .failed("the fork server's start", -rc)
  }

  /// A worker forked by the server on `control`, with its three pipes.
  package static func forkWorker(_ control: Int32, flags: Int32, milliseconds: Int32) throws
    -> Child
  {
    try withWorkerPipes { fds in
      let pid = cstress_zygote_fork(control, fds, flags, milliseconds)
      guard pid > 0 else { throw SystemError.failed("forking a worker", -pid) }
      return pid
    }
  }

  /// The server's loop: returns in each forked worker, with its request's flags; nil in the
  /// server once the control channel closes.
  package static func serveForks(control: Int32, runner: Int32) -> Int32? {
    let flags = cstress_zygote_serve(control, runner)
    return flags >= 0 ? flags : nil
  }
}
