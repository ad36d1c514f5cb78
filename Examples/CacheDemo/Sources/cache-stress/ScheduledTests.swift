import StressKit

// The same caches and accounts with a `ScheduledLock`, for the controlled scheduler
// (`ModelTest.explore`, `check(strategy:)`): their threads switch only at the lock, so every
// interleaving that matters can be searched, and a failure comes with the interleaving that
// broke it and a token that replays it.

/// `Cache` under the controlled scheduler.
enum ScheduledCacheTest: ModelTest {
  static let info = SubjectInfo(
    id: "cache-scheduled", summary: "Cache with a ScheduledLock", documented: .notListed)
  static func make() -> Numbered<Cache<Int, ScheduledLock>> {
    Numbered(Cache(lock: ScheduledLock()))
  }
  static let operations: [ModelOperation<Numbered<Cache<Int, ScheduledLock>>>] = [
    .read("value", 0..<2) { $0.value($1) },
    .write("valueOrCreate", 0..<2) { $0.valueOrCreate($1) },
  ]
}

/// `FixedCache` under the controlled scheduler.
enum ScheduledFixedCacheTest: ModelTest {
  static let info = SubjectInfo(
    id: "fixed-cache-scheduled", summary: "FixedCache with a ScheduledLock",
    documented: .notListed)
  static func make() -> Numbered<FixedCache<Int, ScheduledLock>> {
    Numbered(FixedCache(lock: ScheduledLock()))
  }
  static let operations: [ModelOperation<Numbered<FixedCache<Int, ScheduledLock>>>] = [
    .read("value", 0..<2) { $0.value($1) },
    .write("valueOrCreate", 0..<2) { $0.valueOrCreate($1) },
  ]
}

/// `Account` under the controlled scheduler.
enum ScheduledAccountTest: ModelTest {
  static let info = SubjectInfo(
    id: "account-scheduled", summary: "Account with a ScheduledLock", documented: .notListed)
  static func make() -> Account<ScheduledLock> { Account(lock: ScheduledLock()) }
  static let operations: [ModelOperation<Account<ScheduledLock>>] = [
    .write("deposit", [1, 2]) { $0.deposit($1) },
    .write("withdraw", [1, 2]) { $0.withdraw($1) },
    .read("balance") { $0.currentBalance },
  ]
}

/// `FixedAccount` under the controlled scheduler.
enum ScheduledFixedAccountTest: ModelTest {
  static let info = SubjectInfo(
    id: "fixed-account-scheduled", summary: "FixedAccount with a ScheduledLock",
    documented: .notListed)
  static func make() -> FixedAccount<ScheduledLock> { FixedAccount(lock: ScheduledLock()) }
  static let operations: [ModelOperation<FixedAccount<ScheduledLock>>] = [
    .write("deposit", [1, 2]) { $0.deposit($1) },
    .write("withdraw", [1, 2]) { $0.withdraw($1) },
    .read("balance") { $0.currentBalance },
  ]
}

/// `Stock`, on a `ScheduledMutex`.
enum StockTest: ModelTest {
  static let info = SubjectInfo(
    id: "stock", summary: "Stock in a ScheduledMutex", documented: .notListed)
  static func make() -> Stock { Stock() }
  static let operations: [ModelOperation<Stock>] = [
    .write("reserve", [1, 2]) { $0.reserve($1) },
    .write("restock", [1]) { $0.restock($1) },
    .read("left") { $0.left },
  ]
}

/// `FixedStock`, on a `ScheduledMutex`.
enum FixedStockTest: ModelTest {
  static let info = SubjectInfo(
    id: "fixed-stock", summary: "FixedStock in a ScheduledMutex", documented: .notListed)
  static func make() -> FixedStock { FixedStock() }
  static let operations: [ModelOperation<FixedStock>] = [
    .write("reserve", [1, 2]) { $0.reserve($1) },
    .write("restock", [1]) { $0.restock($1) },
    .read("left") { $0.left },
  ]
}

/// `Tickets`, on a `ScheduledAtomic`.
enum TicketsTest: ModelTest {
  static let info = SubjectInfo(
    id: "tickets", summary: "Tickets on a ScheduledAtomic", documented: .notListed)
  static func make() -> Tickets { Tickets() }
  static let operations: [ModelOperation<Tickets>] = [.write("next") { $0.next() }]
}

/// `FixedTickets`, on a `ScheduledAtomic`.
enum FixedTicketsTest: ModelTest {
  static let info = SubjectInfo(
    id: "fixed-tickets", summary: "FixedTickets on a ScheduledAtomic", documented: .notListed)
  static func make() -> FixedTickets { FixedTickets() }
  static let operations: [ModelOperation<FixedTickets>] = [.write("next") { $0.next() }]
}

/// `PhotoManager`, on a concurrent `ScheduledQueue` with a barrier: `addPhoto` returns before
/// its block runs, and is answered, to the checker, when the block has run.
enum PhotoManagerTest: ModelTest {
  static let info = SubjectInfo(
    id: "photo-manager", summary: "PhotoManager: a concurrent queue, barrier writes",
    documented: .notListed)
  static func make() -> PhotoManager { PhotoManager() }
  static let operations: [ModelOperation<PhotoManager>] = [
    .write("addPhoto", [1, 2]) { $0.addPhoto($1) },
    .read("photos") { $0.photos },
  ]
}

/// `BarrierlessPhotoManager`: the same without the barrier.
enum BarrierlessPhotoManagerTest: ModelTest {
  static let info = SubjectInfo(
    id: "barrierless-photo-manager", summary: "PhotoManager without its barrier",
    documented: .notListed)
  static func make() -> BarrierlessPhotoManager { BarrierlessPhotoManager() }
  static let operations: [ModelOperation<BarrierlessPhotoManager>] = [
    .write("addPhoto", [1, 2]) { $0.addPhoto($1) },
    .read("photos") { $0.photos },
  ]
}
