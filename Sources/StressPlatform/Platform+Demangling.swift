#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The Swift runtime's demangler, exported by libswiftCore for tools like this one.
@_silgen_name("swift_demangle")
private func swift_demangle(
  _ mangledName: UnsafePointer<CChar>?, _ mangledNameLength: Int,
  _ outputBuffer: UnsafeMutablePointer<CChar>?, _ outputBufferSize: UnsafeMutablePointer<Int>?,
  _ flags: UInt32
) -> UnsafeMutablePointer<CChar>?

extension Platform {
  /// A Swift symbol's demangled form ("Foundation.NSCondition.wait(until: Foundation.Date) ->
  /// Swift.Bool"); nil for a name that is not a Swift symbol (a C function's).
  package static func demangle(_ symbol: String) -> String? {
    guard symbol.hasPrefix("$s") || symbol.hasPrefix("_T") || symbol.hasPrefix("$S") else {
      return nil
    }
    return symbol.withCString { name in
      guard let output = swift_demangle(name, strlen(name), nil, nil, 0) else { return nil }
      defer { free(output) }
      return String(cString: output)
    }
  }
}
