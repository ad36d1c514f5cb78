import StressKit
import Testing

@testable import StressCLI

/// The option tables: each entry's value reaches the field it names, and nothing else does.
@Suite struct OptionTableTests {
  @Test func everyRunOptionLandsInItsField() throws {
    let line = [
      "--suite", "s", "--subjects", "a,b", "--wrappers", "lock", "--threads", "1,3",
      "--trials", "4", "--ops", "500", "--read-ratio", "0.25", "--seed", "9", "--timeout", "7",
      "--mode", "quick", "--warmup", "2", "--stride", "16", "--perturb-yield", "0.5", "--no-pin",
      "--instances", "3", "--burst", "5", "--driver", "dispatch-apply", "--out", "o.csv",
      "--summary-out",
      "s.csv", "--resume", "--count-tsan-reports", "--shard", "2/3", "--junit", "j.xml",
      "--format", "json", "--quiet",
    ]
    let parsed = try #require(
      try OptionParser.parse(line, options: RunCommand.options, usage: RunCommand.usage))
    var expected = RunOptions()
    expected.suite = "s"
    expected.subjects = ["a", "b"]
    expected.wrappers = ["lock"]
    expected.threads = [1, 3]
    expected.trials = 4
    expected.ops = 500
    expected.readRatios = [0.25]
    expected.seed = 9
    expected.timeout = 7
    expected.mode = .quick
    expected.warmup = 2
    expected.tuning = Tuning(
      stride: 16, yieldProbability: 0.5, pin: false, instances: 3, burst: 5)
    expected.driver = .dispatchApply
    expected.countsSanitizerReports = true
    expected.shard = Shard("2/3")
    #expect(parsed.run == expected)
    #expect(parsed.out == "o.csv")
    #expect(parsed.summaryOut == "s.csv")
    #expect(parsed.junit == "j.xml")
    #expect(parsed.resume && parsed.quiet && parsed.format == .json)
    // Readers and writers, which exclude threads and the read ratio.
    let roles = try #require(
      try OptionParser.parse(
        ["--subjects", "a", "--readers", "3", "--writers", "0", "--duration", "1.5"],
        options: RunCommand.options, usage: RunCommand.usage))
    #expect(roles.run.readers == [3] && roles.run.writers == [0] && roles.run.seconds == 1.5)
    let sweep = try #require(
      try OptionParser.parse(
        [
          "--subjects", "a", "--read-ratio", "0.5,0.9, 0.99", "--readers", "1,3,7", "--writers",
          "1",
        ],
        options: RunCommand.options, usage: RunCommand.usage))
    #expect(sweep.run.readRatios == [0.5, 0.9, 0.99])
    #expect(sweep.run.readers == [1, 3, 7] && sweep.run.writers == [1])
    #expect(throws: UsageError.self) {
      try OptionParser.parse(
        ["--subjects", "a", "--read-ratio", "0.5,2"], options: RunCommand.options,
        usage: RunCommand.usage)
    }
  }

  @Test func nothingGivenLeavesTheDefaults() throws {
    let run = try #require(
      try OptionParser.parse([], options: RunCommand.options, usage: RunCommand.usage))
    #expect(run.run == RunOptions())
    let bench = try #require(
      try OptionParser.parse([], options: BenchCommand.options, usage: BenchCommand.usage))
    let defaults = Benchmark.defaults
    #expect(
      (bench.ops, bench.repeats, bench.trials) == (defaults.ops, defaults.repeats, defaults.trials))
    let compare = try #require(
      try OptionParser.parse(
        ["a", "b"], options: CompareCommand.options, usage: CompareCommand.usage))
    #expect(compare.threshold == 0.1 && compare.files == ["a", "b"])
  }

  @Test func theLastOfARepeatedOptionWinsAndAReplacedValueIsNotJudged() throws {
    let parsed = try #require(
      try OptionParser.parse(
        ["--threads", "0", "--threads", "2"], options: RunCommand.options,
        usage: RunCommand.usage))
    #expect(parsed.run.threads == [2])
  }

  @Test func helpAndDefaultsComeFromTheTable() {
    // A default that is a value is shown as the value the struct starts with.
    #expect(
      BenchCommand.help.contains("--ops <n>") && BenchCommand.help.contains("(default: 5000000)"))
    #expect(CompareCommand.help.contains("(default: 10%)"))
    for (name, specs) in [
      ("run", RunCommand.optionSpecs), ("list", ListCommand.optionSpecs),
      ("report", ReportCommand.optionSpecs), ("verdicts", VerdictsCommand.optionSpecs),
      ("compare", CompareCommand.optionSpecs), ("merge", MergeCommand.optionSpecs),
      ("bench", BenchCommand.optionSpecs),
    ] {
      let names = specs.map(\.name)
      #expect(Set(names).count == names.count, "\(name) declares an option twice")
      #expect(names.last == "help")
    }
  }

  @Test(arguments: [
    (["--resume"], "'--resume' needs '--out <path>': the file to finish."),
    (
      ["--trials", "x"],
      "Invalid value 'x' for '--trials': expected a whole number from 1 to 1000000."
    ),
    (
      ["--mode", "quik"],
      "Invalid value 'quik' for '--mode': expected one of quick, default, tough. Did you mean 'quick'?"
    ),
  ])
  func valuesAreCheckedByTheirParser(line: [String], message: String) {
    #expect(throws: UsageError(message, usage: RunCommand.usage)) {
      try OptionParser.parse(line, options: RunCommand.options, usage: RunCommand.usage)
    }
  }

  @Test func planErrorsAboutOptionsAreRenderedInTheirSpelling() {
    let readers = MessageInfo(PlanError.readersWithoutWriters, usage: "u")
    #expect(
      readers
        == MessageInfo(
          message: "Give '--readers' and '--writers' together (either may be 0).", usage: "u",
          exitCode: .usage))
    let unreadable = MessageInfo(
      PlanError.suiteUnreadable(path: "s.json", reason: "denied"), usage: "u")
    #expect(
      unreadable
        == MessageInfo(
          message: "Cannot read suite file 's.json': denied.", usage: nil, exitCode: .harness))
    let subject = MessageInfo(PlanError.unknownSubject("countr", known: ["counter"]), usage: "u")
    #expect(subject.message == "Unknown subject 'countr'. Did you mean 'counter'?")
  }
}
