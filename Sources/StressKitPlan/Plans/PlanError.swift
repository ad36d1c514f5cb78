import StressKitCore
import StressKitModel

/// Why a run cannot be planned, one case per reason, so callers can tell them apart and the
/// command line can render each in its own words (naming its options) in one place.
///
/// Almost every case is the user's to fix (exit 64 at the command line); `isRuntime` marks the
/// ones the system caused, such as a suite file that exists but cannot be read (exit 2).
package enum PlanError: Error, Equatable, CustomStringConvertible {
  // What was asked for contradicts itself.
  case nothingToRun
  case invalidCatalog(String)
  case readersWithoutWriters
  case readersReplaceThreads
  case noThreads
  case opsAndDuration
  case instancesNeedOps
  case capNeedsOps
  case memoryLimitUnderSanitizer
  case dispatchApplyNeedsWrites
  case dispatchApplyBreaksOrder(subject: String)
  case subjectNeedsThreads(subject: String)
  case asyncModelRunsBare(subject: String)
  case readOnlySubjectHasWriters(subject: String)
  case strategyNeedsModelTest(subject: String)
  case strategyNeedsBareWrapper(wrapper: String)
  case strategyNeedsThreadsDriver
  case strategyThreadCount(Int)
  case replayThreads(token: Int, given: [Int])
  case replayRoles(token: Int)
  case replayDoesNotFit(subject: String, problem: String)
  case replaySubjects(token: String?, given: [String])
  // Names and values out of bounds.
  case unknownSubject(String, known: [String])
  case unknownWrapper(String, known: [String])
  case unknownSuite(String, known: [String])
  case threadCount(Int)
  case readRatio(Double)
  case budget(Budget.Field, Double)
  case timeout(Double)
  case timeoutWithinDuration(timeout: Double, seconds: Double)
  case timeoutTooShort(Double)
  case emptyShard(Shard, cells: Int)
  case timeBudgetTooSmall(budget: Double, spent: Double, needed: Double, cells: Int, trials: Int)
  // Files.
  case suiteMissing(path: String)
  case suiteNotAFile(path: String, kind: String)
  case suiteUnreadable(path: String, reason: String)
  case suiteNotJSON(path: String, location: String)
  case invalidSuite(path: String, problem: SuiteProblem)
  case cannotResume(path: String?, problem: ResumeProblem)
  case nothingToResume(path: String)

  /// The system, not what the user asked for, stopped the plan.
  package var isRuntime: Bool {
    if case .suiteUnreadable = self { return true }
    return false
  }

  /// A sentence, with the API's names for what was wrong.
  package var description: String {
    let text = phrase
    return text.hasSuffix(".") || text.hasSuffix("?") || text.hasSuffix(")") ? text : text + "."
  }

  /// The same error as the command line says it: where the plain wording names a setting, in
  /// the spelling of the option that sets it.
  package var commandLine: String {
    switch self {
    case .nothingToRun: "Nothing to run: give '--suite <suite>' or '--subjects <ids>'."
    case .readersWithoutWriters: "Give '--readers' and '--writers' together (either may be 0)."
    case .readersReplaceThreads:
      "'--readers' and '--writers' replace '--threads' and '--read-ratio'; drop those."
    case .noThreads: "Give at least one thread: '--readers' and '--writers' are both 0."
    case .opsAndDuration: "Give either '--ops' or '--duration', not both."
    case .capNeedsOps:
      "'--cap' cuts an ops-bound trial short; it goes with '--ops', not '--duration'."
    default: description
    }
  }

  private var phrase: String {
    switch self {
    case .nothingToRun: "Nothing to run: neither a suite nor subjects were named."
    case .invalidCatalog(let problem): problem
    case .readersWithoutWriters: "Give readers and writers together (either may be 0)"
    case .readersReplaceThreads:
      "Readers and writers set the thread count and the read mix; drop the thread list and "
        + "the read ratio."
    case .noThreads: "Readers and writers must be 0 or more, and at least one thread in all."
    case .opsAndDuration: "Give either an ops budget or a duration, not both."
    case .instancesNeedOps: "Fresh instances need an ops budget and the threads driver."
    case .capNeedsOps:
      "A cap stops an ops-bound trial early; it needs an ops budget, not a duration."
    case .memoryLimitUnderSanitizer:
      "A memory limit cannot be kept under ThreadSanitizer: its shadow memory alone takes "
        + "terabytes of address space, and a worker under a limit cannot start."
    case .dispatchApplyNeedsWrites:
      "The dispatch-apply driver needs an ops budget and subjects with writes."
    case .dispatchApplyBreaksOrder(let id):
      "Subject '\(id)' keeps per-thread order, which the dispatch-apply driver does not give."
    case .subjectNeedsThreads(let id):
      "Subject '\(id)' keeps state per system thread: only thread-driven wrappers can run it."
    case .asyncModelRunsBare(let id):
      "Subject '\(id)' is an async model test: a wrapper's lock cannot be held across its "
        + "awaits, so it runs bare: name the unprotected wrapper"
    case .readOnlySubjectHasWriters(let id):
      "Subject '\(id)' is read-only: it has no writers to run."
    case .unknownSubject(let id, let known):
      "Unknown subject '\(id)'.\(Suggestion.hint(for: id, in: known))"
    case .unknownWrapper(let id, let known):
      "Unknown wrapper '\(id)'.\(Suggestion.hint(for: id, in: known))"
    case .unknownSuite(let name, let known):
      "Unknown suite '\(name)'.\(Suggestion.hint(for: name, in: known)) "
        + "(\(known.isEmpty ? "no suites found" : "known suites: " + known.joined(separator: ", ")))"
    case .strategyNeedsModelTest(let id):
      "Subject '\(id)' is not a model test: a strategy explores the interleavings of a model "
        + "test's own scheduled primitives, and a stress subject has none"
    case .strategyNeedsBareWrapper(let id):
      "Wrapper '\(id)' guards each call with a lock the controlled scheduler cannot see: a "
        + "strategy runs the unprotected wrapper only"
    case .strategyNeedsThreadsDriver: "A strategy runs its own threads: it takes no driver."
    case .strategyThreadCount(let n):
      "Under a strategy, thread counts must be from 1 to \(ControlledScheduler.maxThreads), got \(n)."
    case .replayThreads(let token, let given):
      "The replay token names \(token) thread\(token == 1 ? "" : "s"), not "
        + given.map(String.init).joined(separator: ",") + ": a replay runs the token's count"
    case .replayRoles(let token):
      "The replay token names \(token) thread\(token == 1 ? "" : "s"): a replay runs the "
        + "token's count, so it takes no --readers or --writers"
    case .replayDoesNotFit(let subject, let problem):
      "The replay token cannot replay '\(subject)': \(problem)"
    case .replaySubjects(let token?, let given):
      "The replay token is \(token)'s, but the run names "
        + given.joined(separator: ",") + ": a replay runs its own subject only"
    case .replaySubjects(nil, let given):
      "A replay token replays one subject, but the run names \(given.count): "
        + given.joined(separator: ",")
    case .threadCount(let n): "Thread counts must be from 1 to \(Suite.maxThreads), got \(n)."
    case .readRatio(let x): "Read ratio must be from 0 to 1, got \(x)."
    case .budget(let field, let x):
      "\(field.rawValue.prefix(1).uppercased() + field.rawValue.dropFirst()) must be \(field.expected), got \(x)."
    case .timeout: "Timeout must be more than 0 and at most \(Int(Suite.maxSeconds)) seconds."
    case .timeoutTooShort(let timeout):
      "Timeout (\(timeout) s) must be at least \(Plan.minimumTimeout) s: a worker takes about "
        + "that to start a trial and answer, so a shorter one would call a sound subject hung."
    case .timeoutWithinDuration(let timeout, let seconds):
      "Timeout (\(timeout) s) must be longer than the trial duration (\(seconds) s)."
    case .emptyShard(let shard, let cells):
      "Shard \(shard) has no cells: the plan has only \(cells)."
    case .timeBudgetTooSmall(let budget, let spent, _, _, _) where spent >= budget:
      "A time budget of \(Budget.durationText(budget)) is already spent: the run used "
        + "\(Budget.durationText(spent)) before the resume. Give a longer budget."
    case .timeBudgetTooSmall(let budget, let spent, let needed, let cells, let trials):
      "A time budget of \(Budget.durationText(budget))"
        + (spent > 0 ? ", \(Budget.durationText(spent)) of it spent before the resume," : "")
        + " cannot give the \(cells) cell\(cells == 1 ? "" : "s") their minimum of \(trials) "
        + "trial\(trials == 1 ? "" : "s"): that needs at least \(Budget.durationText(needed)). "
        + "Give a longer budget, fewer cells or a smaller minimum (--trials)."
    case .suiteMissing(let path): "Suite file '\(path)' does not exist."
    case .suiteNotAFile(let path, let kind):
      "Suite file '\(path)' is \(kind); give a suite's .json file."
    case .suiteUnreadable(let path, let reason): "Cannot read suite file '\(path)': \(reason)."
    case .suiteNotJSON(let path, let location): "Suite file '\(path)' is not valid JSON\(location)"
    case .invalidSuite(let path, let problem): "Suite file '\(path)': \(problem)"
    case .cannotResume(let path?, let problem): "Cannot resume '\(path)': \(problem)."
    case .cannotResume(nil, let problem): "Cannot resume: \(problem)."
    case .nothingToResume(let path): "Nothing to resume: '\(path)' holds no finished trial."
    }
  }
}
