import StressCLI
import StressKit

// The standard wrappers plus this package's model tests; the rest is stress's own command line.
var catalog = Catalog.standard
catalog.add(CacheTest.self)
catalog.add(FixedCacheTest.self)
catalog.add(AccountTest.self)
catalog.add(FixedAccountTest.self)
// The same types on a ScheduledLock, for `--strategy` (the controlled scheduler).
catalog.add(ScheduledCacheTest.self)
catalog.add(ScheduledFixedCacheTest.self)
catalog.add(ScheduledAccountTest.self)
catalog.add(ScheduledFixedAccountTest.self)
// Swift 6 shapes: a Mutex-based stock and Atomic-based tickets, each with its fix.
catalog.add(StockTest.self)
catalog.add(FixedStockTest.self)
catalog.add(TicketsTest.self)
catalog.add(FixedTicketsTest.self)
// The GCD tutorial's PhotoManager on a concurrent queue, with its barrier and without.
catalog.add(PhotoManagerTest.self)
catalog.add(BarrierlessPhotoManagerTest.self)
// Actors whose methods await mid-way (reentrancy), each with its fix: async model tests.
catalog.add(ImageCacheTest.self)
catalog.add(FixedImageCacheTest.self)
catalog.add(BankActorTest.self)
catalog.add(FixedBankActorTest.self)
StressCommand.main(catalog: catalog)
