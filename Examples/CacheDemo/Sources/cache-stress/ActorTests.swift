import StressKit

/// `ImageCache`: images by key and the downloads made, checked against the same actor run
/// one call at a time, where each key is downloaded once. Its author trusted the actor to
/// keep it safe, so a failure fails the run.
enum ImageCacheTest: ModelTest {
  static let info = SubjectInfo(
    id: "image-cache", summary: "ImageCache actor: image(for:), downloads",
    documented: .notListed,
    expectations: [.neverFails(.unprotected, because: "an actor's state is its own")])
  static func make() -> ImageCache { ImageCache(waitsForDownloads: false) }
  static let operations: [ModelOperation<ImageCache>] = [
    .write("image", 0..<2) { await $0.image(for: $1) },
    .read("downloads") { await $0.downloads },
  ]
}

/// The same test for the cache whose second caller waits for the first's download.
enum FixedImageCacheTest: ModelTest {
  static let info = SubjectInfo(
    id: "fixed-image-cache", summary: "ImageCache actor, waiting for downloads under way",
    documented: .notListed,
    expectations: [.neverFails(.unprotected, because: "an actor's state is its own")])
  static func make() -> ImageCache { ImageCache(waitsForDownloads: true) }
  static let operations = ImageCacheTest.operations
}

/// `BankActor`: deposits, withdrawals and the balance.
enum BankActorTest: ModelTest {
  static let info = SubjectInfo(
    id: "bank-actor", summary: "BankActor: deposit, withdraw, balance", documented: .notListed,
    expectations: [.neverFails(.unprotected, because: "an actor's state is its own")])
  static func make() -> BankActor { BankActor(debitsFirst: false) }
  static let operations: [ModelOperation<BankActor>] = [
    .write("deposit", [1, 2]) { await $0.deposit($1) },
    .write("withdraw", [1, 2]) { await $0.withdraw($1) },
    .read("balance") { await $0.currentBalance },
  ]
}

/// The same test for the bank that debits before its audit.
enum FixedBankActorTest: ModelTest {
  static let info = SubjectInfo(
    id: "fixed-bank-actor", summary: "BankActor, debiting before the audit",
    documented: .notListed,
    expectations: [.neverFails(.unprotected, because: "an actor's state is its own")])
  static func make() -> BankActor { BankActor(debitsFirst: true) }
  static let operations = BankActorTest.operations
}
