/// An argument or a result of a model test's operation, compared by value.
///
/// The checker compares and hashes results by the hundred thousand, so the common ones (an
/// `Int`, a `Bool`, an optional `Int`, no result) are kept as words: comparing two is an
/// integer compare, where an `AnyHashable` costs a dynamic cast. Any other value is boxed.
///
/// Only ever made from a `Hashable & Sendable` value, which is why it is Sendable itself
/// (AnyHashable is not, whatever it holds).
package struct ModelValue: Hashable, @unchecked Sendable {
  private enum Storage: Hashable {
    case int(Int)
    case bool(Bool)
    case optionalInt(Int?)
    case noResult
    case boxed(AnyHashable)
  }

  private let storage: Storage

  package init<Value: Hashable & Sendable>(_ value: Value) {
    // Comparing metadata is a pointer compare, so this costs the call path next to nothing.
    if Value.self == Int.self {
      storage = .int(unsafeBitCast(value, to: Int.self))
    } else if Value.self == Bool.self {
      storage = .bool(unsafeBitCast(value, to: Bool.self))
    } else if Value.self == Int?.self {
      storage = .optionalInt(unsafeBitCast(value, to: Int?.self))
    } else {
      storage = .boxed(AnyHashable(value))
    }
  }

  private init(_ storage: Storage) { self.storage = storage }

  /// What an operation with no result answers, so every result is a value.
  package static let noResult = ModelValue(.noResult)

  /// Whether this is an operation's lack of a result.
  package var isNoResult: Bool { storage == .noResult }

  /// A word equal values share: the value itself where it is one, else its hash.
  package var fingerprint: UInt64 {
    switch storage {
    case .int(let value): UInt64(bitPattern: Int64(value))
    case .bool(let value): value ? 1 : 0
    case .optionalInt(let value): value.map { UInt64(bitPattern: Int64($0)) &+ 1 } ?? 0
    case .noResult: 0
    case .boxed(let value): UInt64(bitPattern: Int64(value.hashValue))
    }
  }

  /// The value as it was made, to show it.
  package var base: Any {
    switch storage {
    case .int(let value): value
    case .bool(let value): value
    case .optionalInt(let value): value as Any
    case .noResult: ()
    case .boxed(let value): value.base
    }
  }
}
