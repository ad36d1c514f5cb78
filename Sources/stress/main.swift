import FoundationSubjects
import StressCLI

StressCommand.main(catalog: FoundationCatalog.catalog)
