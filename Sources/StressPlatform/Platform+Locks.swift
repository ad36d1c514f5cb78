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
  // MARK: - Exclusive writers

  /// Another process holds the lock on a file this one means to write.
  package struct FileBusy: Error {
    /// The holder's process id, where the system says (Linux's /proc/locks).
    package var holder: Int32?
  }

  /// Takes an exclusive advisory lock (flock) on `path`, creating the file if `create`, and
  /// returns the descriptor that holds it until closed. A device or a pipe is not locked (-1).
  /// Throws `FileBusy` when another process holds the lock.
  package static func lockExclusively(_ path: String, create: Bool) throws -> Int32 {
    if isSpecialFile(path) { return -1 }
    let fd = open(path, O_RDONLY | O_CLOEXEC | (create ? O_CREAT : 0), 0o644)
    guard fd >= 0 else { throw SystemError.failed("opening \(path)", errno) }
    guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
      let code = errno
      close(fd)
      if code == EWOULDBLOCK { throw FileBusy(holder: lockHolder(path)) }
      throw SystemError.failed("locking \(path)", code)
    }
    return fd
  }

  /// The holder of a flock on `path` other than this process, read from /proc/locks (Linux)
  /// without taking a lock, so asking never makes a starting run fail; nil if none is known.
  package static func foreignLock(_ path: String) -> FileBusy? {
    guard let holder = lockHolder(path), holder != getpid() else { return nil }
    return FileBusy(holder: holder)
  }

  /// The identity (as `fileIdentity` gives it) of what descriptor `fd` writes to, if it is a
  /// regular file: stdout redirected to a file the command would also write.
  package static func descriptorIdentity(_ fd: Int32) -> String? {
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
    return "inode \(info.st_dev):\(info.st_ino)"
  }

  /// The pid holding a flock on `path`, from /proc/locks (Linux); nil where unknown.
  static func lockHolder(_ path: String) -> Int32? {
    var info = stat()
    guard stat(path, &info) == 0,
      let data = FileManager.default.contents(atPath: "/proc/locks")
    else { return nil }
    // "1: FLOCK  ADVISORY  WRITE 4242 08:01:1234 0 EOF": pid, then major:minor:inode, the
    // device numbers in hex (the kernel's encoding of st_dev).
    let dev = UInt64(info.st_dev)
    let major = (dev >> 8) & 0xfff | (dev >> 32) & ~0xfff
    let minor = dev & 0xff | (dev >> 12) & ~0xff
    let file = String(format: "%02llx:%02llx:%llu", major, minor, UInt64(info.st_ino))
    for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
      let fields = line.split(separator: " ", omittingEmptySubsequences: true)
      // A waiting request ("1: -> FLOCK ...") holds nothing.
      guard fields.count >= 6, fields[1] == "FLOCK", fields[5] == file else { continue }
      return Int32(fields[4])
    }
    return nil
  }

  // MARK: - Identity

  /// What a path names, for telling whether two paths are one file: the device and inode of
  /// an existing file (through symbolic and hard links alike), or the absolute path a new file
  /// would get, its directory resolved. nil for devices and pipes, which hold no data to lose.
  package static func fileIdentity(_ path: String, links: Int = 0) -> String? {
    var info = stat()
    if stat(path, &info) == 0 {
      let kind = info.st_mode & S_IFMT
      guard kind == S_IFREG || kind == S_IFDIR else { return nil }
      return "inode \(info.st_dev):\(info.st_ino)"
    }
    let url = URL(fileURLWithPath: path)
    // A link to a file not yet written names that file.
    if links < 8, let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
      let next =
        target.hasPrefix("/") ? target : url.deletingLastPathComponent().path + "/" + target
      return fileIdentity(next, links: links + 1)
    }
    let directory = url.deletingLastPathComponent().path
    guard let resolved = realpath(directory, nil) else { return "path \(url.standardized.path)" }
    defer { free(resolved) }
    return "path \(String(cString: resolved))/\(url.lastPathComponent)"
  }
}
