import Synchronization

/// A type with one `static let`: 32 of them, so one process can watch 32 first accesses.
protocol StaticHolder {
  static var shared: Singleton { get }
  static var initializerRuns: Int { get }
}

/// How many times each holder's initializer ran, by holder.
let staticInitializerRuns = Mutex([Int: Int]())
let staticInstanceIDs = Atomic<Int>(0)

/// Runs as a holder's static initializer: counts the run and makes the instance.
func makeStatic(_ holder: Int) -> Singleton {
  staticInitializerRuns.withLock { $0[holder, default: 0] += 1 }
  return Singleton(id: staticInstanceIDs.add(1, ordering: .relaxed).newValue)
}

extension StaticHolder {
  static var initializerRuns: Int {
    let index =
      staticHolders.firstIndex { ObjectIdentifier($0) == ObjectIdentifier(Self.self) } ?? -1
    return staticInitializerRuns.withLock { $0[index] ?? 0 }
  }
}

// Each line is a distinct type with its own static, initialized on first access only.
enum H0: StaticHolder { static let shared = makeStatic(0) }
enum H1: StaticHolder { static let shared = makeStatic(1) }
enum H2: StaticHolder { static let shared = makeStatic(2) }
enum H3: StaticHolder { static let shared = makeStatic(3) }
enum H4: StaticHolder { static let shared = makeStatic(4) }
enum H5: StaticHolder { static let shared = makeStatic(5) }
enum H6: StaticHolder { static let shared = makeStatic(6) }
enum H7: StaticHolder { static let shared = makeStatic(7) }
enum H8: StaticHolder { static let shared = makeStatic(8) }
enum H9: StaticHolder { static let shared = makeStatic(9) }
enum H10: StaticHolder { static let shared = makeStatic(10) }
enum H11: StaticHolder { static let shared = makeStatic(11) }
enum H12: StaticHolder { static let shared = makeStatic(12) }
enum H13: StaticHolder { static let shared = makeStatic(13) }
enum H14: StaticHolder { static let shared = makeStatic(14) }
enum H15: StaticHolder { static let shared = makeStatic(15) }
enum H16: StaticHolder { static let shared = makeStatic(16) }
enum H17: StaticHolder { static let shared = makeStatic(17) }
enum H18: StaticHolder { static let shared = makeStatic(18) }
enum H19: StaticHolder { static let shared = makeStatic(19) }
enum H20: StaticHolder { static let shared = makeStatic(20) }
enum H21: StaticHolder { static let shared = makeStatic(21) }
enum H22: StaticHolder { static let shared = makeStatic(22) }
enum H23: StaticHolder { static let shared = makeStatic(23) }
enum H24: StaticHolder { static let shared = makeStatic(24) }
enum H25: StaticHolder { static let shared = makeStatic(25) }
enum H26: StaticHolder { static let shared = makeStatic(26) }
enum H27: StaticHolder { static let shared = makeStatic(27) }
enum H28: StaticHolder { static let shared = makeStatic(28) }
enum H29: StaticHolder { static let shared = makeStatic(29) }
enum H30: StaticHolder { static let shared = makeStatic(30) }
enum H31: StaticHolder { static let shared = makeStatic(31) }

let staticHolders: [any StaticHolder.Type] = [
  H0.self, H1.self, H2.self, H3.self, H4.self, H5.self, H6.self, H7.self, H8.self, H9.self,
  H10.self, H11.self, H12.self, H13.self, H14.self, H15.self, H16.self, H17.self, H18.self,
  H19.self, H20.self, H21.self, H22.self, H23.self, H24.self, H25.self, H26.self, H27.self,
  H28.self, H29.self, H30.self, H31.self,
]
