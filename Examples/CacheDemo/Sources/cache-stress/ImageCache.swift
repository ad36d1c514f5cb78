/// An image cache as an actor, the way apps write one: `image(for:)` looks in its dictionary,
/// awaits a download on a miss, then stores. The actor runs other calls during the await
/// (reentrancy), so two callers of the same missing key both download it. The fix keeps the
/// keys being downloaded, and a second caller waits for the first's image.
actor ImageCache {
  private var images: [Int: Int] = [:]
  private var waiting: [Int: [CheckedContinuation<Int, Never>]] = [:]
  private let waitsForDownloads: Bool
  /// Downloads made: one per key, if the cache works.
  private(set) var downloads = 0

  init(waitsForDownloads: Bool) { self.waitsForDownloads = waitsForDownloads }

  func image(for key: Int) async -> Int {
    if let image = images[key] { return image }
    if waitsForDownloads {
      if waiting[key] != nil {
        return await withCheckedContinuation { waiting[key, default: []].append($0) }
      }
      waiting[key] = []
    }
    downloads += 1
    let image = await download(key)
    images[key] = image
    for waiter in waiting.removeValue(forKey: key) ?? [] { waiter.resume(returning: image) }
    return image
  }

  /// The network, off the actor: a suspension point.
  nonisolated func download(_ key: Int) async -> Int {
    await Task.yield()
    return 100 + key
  }
}

/// A bank account as an actor: `withdraw` checks the balance, awaits an audit, then debits.
/// Two withdrawals that each see enough both succeed. The fix debits before it awaits.
actor BankActor {
  private var balance = 0
  private let debitsFirst: Bool

  init(debitsFirst: Bool) { self.debitsFirst = debitsFirst }

  var currentBalance: Int { balance }

  func deposit(_ amount: Int) { balance += amount }

  func withdraw(_ amount: Int) async -> Bool {
    guard balance >= amount else { return false }
    if debitsFirst { balance -= amount }
    await audit(amount)
    if !debitsFirst { balance -= amount }
    return true
  }

  /// An audit service, off the actor: a suspension point.
  nonisolated func audit(_ amount: Int) async { await Task.yield() }
}
