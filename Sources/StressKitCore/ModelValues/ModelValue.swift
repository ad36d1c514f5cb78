/// An argument or a result of a model test's operation, compared by value.
///
/// The checker compares and hashes results by the hundred thousand, so the common ones (an
/// `Int`, a `Bool`, an optional `Int`, no result) are a word and a kind: copying one is
/// copying two words, comparing it is comparing them, with no generic witness in the way. Any
/// other value is boxed in a class, so even then a copy is a retain.
///
/// Only ever made from a `Hashable & Sendable` value, which is why it is Sendable itself
/// (AnyHashable is not, whatever it holds).
package struct ModelValue: Hashable, @unchecked Sendable {
  private enum Kind: UInt8 {
    case int, bool, none, some, noResult, boxed
  }

  private final class Box {
    let value: AnyHashable
    init(_ value: AnyHashable) { self.value = value }
  }

  // The kind last: its spare bits then hold an optional's tag, so a `ModelValue?` takes 17
  // bytes and a record's next field can start in its last word.
  private let word: UInt64
  private let box: Box?
  private let kind: Kind

  package init<Value: Hashable & Sendable>(_ value: Value) {
    // Comparing metadata is a pointer compare, so this costs the call path next to nothing.
    if Value.self == Int.self {
      (word, box, kind) = (UInt64(bitPattern: Int64(unsafeBitCast(value, to: Int.self))), nil, .int)
    } else if Value.self == Bool.self {
      (word, box, kind) = (unsafeBitCast(value, to: Bool.self) ? 1 : 0, nil, .bool)
    } else if Value.self == Int?.self {
      let optional = unsafeBitCast(value, to: Int?.self)
      (kind, word, box) = (
        optional == nil ? .none : .some, UInt64(bitPattern: Int64(optional ?? 0)), nil
      )
    } else {
      (kind, word, box) = (.boxed, 0, Box(AnyHashable(value)))
    }
  }

  private init(kind: Kind) {
    (self.kind, word, box) = (kind, 0, nil)
  }

  /// What an operation with no result answers, so every result is a value.
  package static let noResult = ModelValue(kind: .noResult)

  /// Whether this is an operation's lack of a result.
  package var isNoResult: Bool { kind == .noResult }

  package static func == (a: ModelValue, b: ModelValue) -> Bool {
    a.kind == b.kind && a.word == b.word && (a.kind != .boxed || a.box!.value == b.box!.value)
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(fingerprint)
  }

  /// A word equal values share: the value itself where it is one, else its hash.
  package var fingerprint: UInt64 {
    switch kind {
    case .boxed: UInt64(bitPattern: Int64(box!.value.hashValue))
    case .some: word &+ 0x9e37_79b9_7f4a_7c15
    default: word
    }
  }

  /// Small values apart: an `Int`, `Bool` or optional `Int` from 0 to 63, or no result, each
  /// has an index of its own below `compactCount`, so it is numbered by a table lookup rather
  /// than a hash. Any other value has none.
  package var compactIndex: Int? {
    guard kind != .boxed, word < 64 else { return nil }
    return Int(kind.rawValue) &* 64 &+ Int(word)
  }

  /// One more than the largest `compactIndex`.
  package static var compactCount: Int { 64 * Int(Kind.boxed.rawValue) }

  /// The value as it was made, to show it.
  package var base: Any {
    switch kind {
    case .int: Int(Int64(bitPattern: word))
    case .bool: word != 0
    case .none: Int?.none as Any
    case .some: Int?(Int(Int64(bitPattern: word))) as Any
    case .noResult: ()
    case .boxed: box!.value.base
    }
  }
}
