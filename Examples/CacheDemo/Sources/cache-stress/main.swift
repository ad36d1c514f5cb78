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
StressCommand.main(catalog: catalog)
