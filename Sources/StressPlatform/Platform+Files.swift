import CStressPlatform
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension Platform {
  // MARK: - File descriptors

  /// Writes all of `bytes`; false on any error.
  package static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let n = bytes.withUnsafeBytes { buf in
        write(fd, buf.baseAddress! + offset, buf.count - offset)
      }
      if n < 0 {
        if errno == EINTR { continue }
        return false
      }
      offset += n
    }
    return true
  }

  /// Reads what is available (at most 64 KiB); empty at end of file, nil on error.
  package static func readSome(_ fd: Int32) -> [UInt8]? {
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
      if n < 0 {
        if errno == EINTR { continue }
        return nil
      }
      return Array(buffer[0..<n])
    }
  }

  /// Waits until one of `fds` is readable (or closed), for at most `milliseconds`.
  /// Returns the readable descriptors; empty on timeout.
  package static func waitReadable(_ fds: [Int32], milliseconds: Int32) -> [Int32] {
    var entries = fds.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    let rc = poll(&entries, nfds_t(entries.count), milliseconds)
    guard rc > 0 else { return [] }
    return entries.filter { $0.revents != 0 }.map(\.fd)
  }

  package static func closeDescriptor(_ fd: Int32) {
    _ = close(fd)
  }

  /// Opens `path` for writing, creating it (or truncating it) with mode 0644.
  package static func openForWriting(_ path: String) throws -> Int32 {
    if isPipe(path) {
      let fd = try openPipe(path)
      releaseHeldPipe(path)
      return fd
    }
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw SystemError.failed("opening \(path)", errno) }
    return fd
  }

  /// Opens a named pipe's write end without waiting for a reader: a plain open would block
  /// until one came, forever if none does. Blocking again once open, so writes wait for the
  /// reader instead of failing when its buffer fills.
  private static func openPipe(_ path: String) throws -> Int32 {
    let fd = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else {
      if errno == ENXIO {
        throw SystemError.failed("opening \(path)", ENXIO, "no process reads the pipe")
      }
      throw SystemError.failed("opening \(path)", errno)
    }
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
    return fd
  }

  /// Write ends of named pipes opened by `whyUnwritable`, by the pipe's device and inode: closing
  /// the last writer would give the reader end-of-file before the real output is written, so
  /// each is held until that output is open (`openForWriting`), or the command ends.
  private static let heldPipes = Mutex<[(device: UInt64, inode: UInt64, fd: Int32)]>([])

  /// The pipe's identity, if `path` (or `fd`) is one.
  private static func pipeIdentity(_ path: String) -> (UInt64, UInt64)? {
    var info = stat()
    guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFIFO else { return nil }
    return (UInt64(info.st_dev), UInt64(info.st_ino))
  }

  /// Closes the write end `whyUnwritable` held on the pipe at `path`, now that another is open.
  private static func releaseHeldPipe(_ path: String) {
    guard let (device, inode) = pipeIdentity(path) else { return }
    let released = heldPipes.withLock { held in
      let mine = held.filter { $0.device == device && $0.inode == inode }
      held.removeAll { $0.device == device && $0.inode == inode }
      return mine
    }
    for pipe in released { close(pipe.fd) }
  }

  /// Closes every write end `whyUnwritable` still holds: a command's end, whether or not it
  /// wrote its outputs (a reader waits for end-of-file, and a process that goes on, such as a
  /// test running commands in process, would otherwise keep it waiting).
  package static func releaseHeldPipes() {
    for pipe in heldPipes.withLock({ held in
      defer { held = [] }
      return held
    }) { close(pipe.fd) }
  }

  static func isPipe(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO
  }

  /// Points descriptor 2 at `path` (created or emptied) and returns a copy of what it was,
  /// for `restoreStandardError`; nil if either could not be done.
  package static func redirectStandardError(to path: String) -> Int32? {
    let saved = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 3)
    guard saved >= 0 else { return nil }
    guard let file = try? openForWriting(path), dup2(file, STDERR_FILENO) >= 0 else {
      close(saved)
      return nil
    }
    close(file)
    return saved
  }

  /// Gives descriptor 2 back what `redirectStandardError` saved.
  package static func restoreStandardError(_ saved: Int32) {
    _ = dup2(saved, STDERR_FILENO)
    close(saved)
  }

  /// Opens `path` to add to its end, after cutting it to `length` bytes.
  package static func openForAppending(_ path: String, truncatingTo length: Int) throws -> Int32 {
    guard truncate(path, off_t(length)) == 0 else {
      throw SystemError.failed("truncating \(path)", errno)
    }
    let fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
    guard fd >= 0 else { throw SystemError.failed("opening \(path)", errno) }
    return fd
  }

  /// The length of the regular file open on `fd`; nil for a device or a pipe.
  package static func regularFileLength(_ fd: Int32) -> Int? {
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
    return Int(info.st_size)
  }

  /// Cuts the file open on `fd` back to `length` bytes, and writes go on from there.
  package static func cutBack(_ fd: Int32, to length: Int) -> Bool {
    while ftruncate(fd, off_t(length)) != 0 {
      if errno != EINTR { return false }
    }
    return lseek(fd, off_t(length), SEEK_SET) >= 0
  }

  /// Flushes a descriptor's data to disk.
  package static func sync(_ fd: Int32) -> Bool {
    // A device (/dev/stdout) cannot be synced, and need not be.
    fsync(fd) == 0 || errno == EINVAL || errno == EROFS
  }

  /// Renames `from` over `to` atomically; the reason on failure.
  package static func renameFile(_ from: String, to: String) -> String? {
    rename(from, to) == 0 ? nil : errorMessage()
  }

  /// Why a file at `path` could not be created or replaced, or nil if it can: checked before
  /// any work, so a bad output path costs nothing. A missing `creating` directory (one the
  /// command makes itself) counts as its nearest existing ancestor.
  package static func whyUnwritable(_ path: String, creating: String? = nil) -> String? {
    var info = stat()
    if let pseudo = pseudoFilesystem(holding: path) {
      return "it is on \(pseudo), which holds no files of results"
    }
    if stat(path, &info) == 0 {
      switch info.st_mode & S_IFMT {
      case S_IFDIR: return "it is a directory"
      case S_IFREG: if access(path, W_OK) != 0 { return errorMessage().lowercased() }
      // A named pipe with no reader would block the write at the end, after all the work.
      case S_IFIFO:
        guard access(path, W_OK) == 0 else { return errorMessage().lowercased() }
        guard let fd = try? openPipe(path) else { return "it is a pipe that no process reads" }
        heldPipes.withLock {
          $0.append((UInt64(info.st_dev), UInt64(info.st_ino), fd))
        }
        return nil
      // A device is written in place, whatever its directory.
      default: return access(path, W_OK) == 0 ? nil : errorMessage().lowercased()
      }
    }
    var directory = (path as NSString).deletingLastPathComponent
    if directory.isEmpty { directory = "." }
    if let creating, directory == creating {
      while !directory.isEmpty, directory != "/", stat(directory, &info) != 0 {
        directory = (directory as NSString).deletingLastPathComponent
      }
      if directory.isEmpty { directory = "." }
    }
    guard stat(directory, &info) == 0 else { return "no such directory '\(directory)'" }
    guard info.st_mode & S_IFMT == S_IFDIR else { return "'\(directory)' is not a directory" }
    guard access(directory, W_OK | X_OK) == 0 else {
      return "'\(directory)': \(errorMessage().lowercased())"
    }
    return nil
  }

  /// The kernel's pseudo filesystem `path` (or the nearest directory above it that exists) is
  /// on, if any: root passes every access check there, and only the write itself fails, after
  /// the run.
  static func pseudoFilesystem(holding path: String) -> String? {
    var target = path.isEmpty ? "." : path
    var info = stat()
    while stat(target, &info) != 0 {
      let up = (target as NSString).deletingLastPathComponent
      guard up != target else { return nil }
      target = up.isEmpty ? "." : up
    }
    switch cstress_filesystem_type(target) {
    case 0x9fa0: return "procfs (/proc)"
    case 0x6265_6572: return "sysfs (/sys)"
    case 0x2768_5ba6, 0x6367_7270: return "a cgroup filesystem"
    case 0x6462_6720: return "debugfs"
    default: return nil
    }
  }

  /// Whether `path` exists and is not a regular file or directory (a device, a pipe).
  package static func isSpecialFile(_ path: String) -> Bool {
    var info = stat()
    guard stat(path, &info) == 0 else { return false }
    let kind = info.st_mode & S_IFMT
    return kind != S_IFREG && kind != S_IFDIR
  }

  package static func errorMessage(_ code: Int32 = errno) -> String {
    String(cString: strerror(code))
  }

  // MARK: - Standard descriptors

  /// The standard descriptors that were closed when the process started (now /dev/null):
  /// what is printed to them reaches no one.
  package static var reopenedStandardDescriptors: Set<Int32> { reopened.withLock { $0 } }
  private static let reopened = Mutex<Set<Int32>>([])

  /// Opens /dev/null on any of descriptors 0, 1 and 2 that is closed, so no file this process
  /// opens later (a results CSV) can land on one and take in what is printed.
  package static func ensureStandardDescriptors() {
    for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
      reopened.withLock { _ = $0.insert(fd) }
      let opened = open("/dev/null", O_RDWR)
      if opened >= 0 && opened != fd {
        _ = dup2(opened, fd)
        close(opened)
      }
    }
  }
}

extension Platform {
  /// Creates `path` and any missing parents (mkdir -p); the error names the part that failed
  /// and why, in the system's words.
  package static func makeDirectories(_ path: String) throws {
    guard !path.isEmpty else { return }
    var partial = path.hasPrefix("/") ? "" : "."
    for component in path.split(separator: "/") {
      partial += "/\(component)"
      var info = stat()
      if stat(partial, &info) == 0 {
        guard info.st_mode & S_IFMT == S_IFDIR else {
          throw SystemError.failed("creating the folder '\(partial)'", ENOTDIR)
        }
        continue
      }
      guard mkdir(partial, 0o755) == 0 || errno == EEXIST else {
        throw SystemError.failed("creating the folder '\(path)'", errno)
      }
    }
  }
}
