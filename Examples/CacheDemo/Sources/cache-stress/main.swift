import StressCLI
import StressKit

// The standard wrappers plus this package's subjects; the rest is stress's own command line.
var catalog = Catalog.standard
catalog.add(CacheSubject<Cache<Int>>.self)
catalog.add(CacheSubject<FixedCache<Int>>.self)
StressCommand.main(catalog: catalog)
