import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension Platform {
  // MARK: - Loopback sockets (a server a subject starts for its own clients)

  /// A TCP socket listening on 127.0.0.1 at a port the kernel picks: its descriptor and port,
  /// or nil if the system refuses.
  package static func listenOnLoopback() -> (fd: Int32, port: Int)? {
    guard let (fd, port) = boundLoopbackSocket() else { return nil }
    guard listen(fd, 128) == 0 else {
      closeDescriptor(fd)
      return nil
    }
    return (fd, port)
  }

  /// A port on 127.0.0.1 that nothing listens on: bound, then closed, so a connection to it is
  /// refused (until something else takes it, which the kernel avoids for a while).
  package static func closedLoopbackPort() -> Int? {
    guard let (fd, port) = boundLoopbackSocket() else { return nil }
    closeDescriptor(fd)
    return port
  }

  /// The next connection on a listening `fd`, or nil if none came within `milliseconds` (or
  /// the socket failed).
  package static func acceptConnection(_ fd: Int32, milliseconds: Int32) -> Int32? {
    guard waitReadable([fd], milliseconds: milliseconds) == [fd] else { return nil }
    let client = accept(fd, nil, nil)
    return client >= 0 ? client : nil
  }

  /// Sends all of `bytes` on a connected socket; false on any error. A peer that closed its
  /// end gets an error here, never SIGPIPE: a client that cancels must not kill the process.
  package static func sendAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let n = bytes.withUnsafeBytes { buf in
        #if canImport(Glibc)
          send(fd, buf.baseAddress! + offset, buf.count - offset, Int32(MSG_NOSIGNAL))
        #else
          send(fd, buf.baseAddress! + offset, buf.count - offset, 0)
        #endif
      }
      if n < 0 {
        if errno == EINTR { continue }
        return false
      }
      offset += n
    }
    return true
  }

  private static func boundLoopbackSocket() -> (Int32, Int)? {
    #if canImport(Glibc)
      let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    #else
      let fd = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard fd >= 0 else { return nil }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let size = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, size) }
    }
    var named = sockaddr_in()
    var length = size
    let read = withUnsafeMutablePointer(to: &named) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    guard bound == 0, read == 0 else {
      closeDescriptor(fd)
      return nil
    }
    return (fd, Int(UInt16(bigEndian: named.sin_port)))
  }
}
