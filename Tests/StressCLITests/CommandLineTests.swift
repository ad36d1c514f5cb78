import Foundation
import StressCLI
import Testing

/// The command line in this process: help, listing and usage errors. None of these start a run.
@Suite struct CommandLineTests {
  @Test(arguments: [["--help"], ["-h"], ["help"], []])
  func topLevelHelpHasArgumentParserShape(arguments: [String]) {
    let r = runInProcess(arguments)
    #expect(r.code == .success)
    for section in ["OVERVIEW:", "USAGE: stress <subcommand>", "OPTIONS:", "SUBCOMMANDS:"] {
      #expect(r.out.contains(section), "\(section)")
    }
    #expect(r.out.contains("  run "))
    #expect(r.out.contains("  list "))
    #expect(r.err.isEmpty)
  }

  @Test(arguments: [["help", "run"], ["run", "--help"], ["run", "-h"]])
  func runHelpListsEveryOption(arguments: [String]) {
    let r = runInProcess(arguments)
    #expect(r.code == .success)
    #expect(r.out.hasPrefix("OVERVIEW: "))
    for option in [
      "--suite <suite>", "--subjects <ids>", "--wrappers <ids>", "--threads <counts>",
      "--trials <n>", "--duration <seconds>", "--ops <n>", "--read-ratio <ratios>", "--seed <n>",
      "--timeout <seconds>", "--out <path>", "--mode <mode>", "--quiet", "-h, --help",
      "(default: default)",
    ] {
      #expect(r.out.contains(option), "\(option)")
    }
  }

  @Test func listHidesSelfTestsUnlessAskedFor() {
    let plain = runInProcess(["list"])
    #expect(plain.code == .success)
    #expect(plain.out.contains("WRAPPERS"))
    #expect(plain.out.contains("rw-barrier"))
    #expect(!plain.out.contains("selftest-crash"))
    let all = runInProcess(["list", "--all"])
    #expect(all.out.contains("selftest-crash"))
    // Tests run from the package root, whose Suites/ holds the collections suite.
    #expect(plain.out.contains("SUITES\n"))
    #expect(plain.out.contains("  collections "))
  }

  @Test func listsJSONSaysWhichSubjectsAreModelTestsAndTheStrategiesEachTakes() throws {
    let r = try runStress(["list", "--all", "--format", "json"])
    #expect(r.code == 0, "\(r.err)")
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
    let subjects = try #require(document["subjects"] as? [[String: Any]])
    func subject(_ id: String) -> [String: Any]? { subjects.first { $0["id"] as? String == id } }
    let model = try #require(subject("selftest-scheduled-lost-update"))
    #expect(model["model"] as? Bool == true)
    #expect(
      model["strategies"] as? [String] == ["stress", "random-walk", "pct", "exhaustive", "replay"])
    let plain = try #require(subject("nsstring"))
    #expect(plain["model"] as? Bool == false && plain["strategies"] as? [String] == ["stress"])
    #expect(model["async_operations"] as? [String] == [])
    // An async model test names its async operations.
    let async = try #require(subject("selftest-async-account"))
    #expect(
      async["model"] as? Bool == true
        && async["strategies"] as? [String] == model["strategies"] as? [String])
    #expect(async["async_operations"] as? [String] == ["withdraw", "deposit", "balance"])
    let text = runInProcess(["list", "--all"]).out
    #expect(text.contains("ASYNC MODEL TESTS"))
    #expect(text.contains("  selftest-async-account: async withdraw, deposit, balance\n"))
  }

  @Test(arguments: [
    (["rnu"], "Error: Unknown subcommand 'rnu'. Did you mean 'run'?"),
    (["--verbose"], "Error: Unknown option '--verbose'."),
    (
      ["run", "--suite", "collections", "--trails", "2"],
      "Error: Unknown option '--trails'. Did you mean '--trials'?"
    ),
    (["run", "--suite"], "Error: Missing value for '--suite <suite>'."),
    (
      ["run", "--subjects", "counter", "--trials", "--quiet"],
      "Error: Missing value for '--trials <n>'."
    ),
    (
      ["run", "--subjects", "counter", "--threads", "0"], "Error: Invalid value '0' for '--threads'"
    ),
    (
      ["run", "--subjects", "counter", "--threads", "-2"],
      "Error: Invalid value '-2' for '--threads'"
    ),
    (
      ["run", "--subjects", "counter", "--threads", "1,x"],
      "Error: Invalid value '1,x' for '--threads'"
    ),
    (
      ["run", "--subjects", "counter", "--threads", "5000"],
      "Error: Invalid value '5000' for '--threads'"
    ),
    (["run", "--subjects", "counter", "--trials", "0"], "Error: Invalid value '0' for '--trials'"),
    (
      ["run", "--subjects", "counter", "--duration", "0"],
      "Error: Invalid value '0' for '--duration'"
    ),
    (
      ["run", "--subjects", "counter", "--duration", "-1"],
      "Error: Invalid value '-1' for '--duration'"
    ),
    (["run", "--subjects", "counter", "--ops", "many"], "Error: Invalid value 'many' for '--ops'"),
    (
      ["run", "--subjects", "counter", "--read-ratio", "1.5"],
      "Error: Invalid value '1.5' for '--read-ratio'"
    ),
    (["run", "--subjects", "counter", "--seed", "abc"], "Error: Invalid value 'abc' for '--seed'"),
    (
      ["run", "--subjects", "counter", "--readers", "1"],
      "Error: Give '--readers' and '--writers' together"
    ),
    (
      ["run", "--subjects", "counter", "--readers", "1", "--writers", "1", "--threads", "2"],
      "Error: '--readers' and '--writers' replace '--threads'"
    ),
    (
      ["run", "--subjects", "counter", "--driver", "gcd"],
      "Error: Invalid value 'gcd' for '--driver'"
    ),
    (
      ["run", "--subjects", "counter", "--perturb-yield", "2"],
      "Error: Invalid value '2' for '--perturb-yield'"
    ),
    (
      ["run", "--subjects", "counter", "--stride", "-1"], "Error: Invalid value '-1' for '--stride'"
    ),
    (
      ["run", "--subjects", "counter", "--warmup", "-1"], "Error: Invalid value '-1' for '--warmup'"
    ),
    (["bench", "--ops", "5"], "Error: Invalid value '5' for '--ops'"),
    (
      ["run", "--subjects", "counter", "--instances", "0"],
      "Error: Invalid value '0' for '--instances'"
    ),
    (
      ["run", "--subjects", "counter", "--timeout", "1e12"],
      "Error: Invalid value '1e12' for '--timeout'"
    ),
    (
      ["run", "--subjects", "counter", "--duration", "1e11"],
      "Error: Invalid value '1e11' for '--duration'"
    ),
    (
      ["run", "--subjects", "counter", "--duration", "nan"],
      "Error: Invalid value 'nan' for '--duration'"
    ),
    (
      ["run", "--subjects", "counter", "--duration", "5", "--timeout", "2"],
      "Error: Timeout (2.0 s) must be longer than the trial duration (5.0 s)"
    ),
    (
      ["run", "--subjects", "counter", "--timeout", "0"], "Error: Invalid value '0' for '--timeout'"
    ),
    (
      ["run", "--subjects", "counter", "--memory-limit", "10M"],
      "Error: Invalid value '10M' for '--memory-limit': expected a size of at least 64M, such as "
        + "512M or 4G, or none."
    ),
    (
      ["run", "--subjects", "counter", "--memory-limit", "99999999999T"],
      "Error: Invalid value '99999999999T' for '--memory-limit'"
    ),
    (
      ["run", "--subjects", "counter", "--memory-limit", "-1G"],
      "Error: Invalid value '-1G' for '--memory-limit'"
    ),
    (
      ["run", "--subjects", "counter", "--count-tsan-reports", "--memory-limit", "1G"],
      "Error: A memory limit cannot be kept under ThreadSanitizer"
    ),
    (
      ["run", "--subjects", "counter", "--mode", "fast"], "Error: Invalid value 'fast' for '--mode'"
    ),
    (
      ["run", "--subjects", "counter", "--ops", "5", "--duration", "1"],
      "Error: Give either '--ops' or '--duration', not both."
    ),
    (
      ["run", "--subjects", "counter,", "--ops", "5"],
      "Error: Invalid value 'counter,' for '--subjects'"
    ),
    (
      ["run", "--subjects", "swift-aray"],
      "Error: Unknown subject 'swift-aray'. Did you mean 'swift-array'?"
    ),
    (
      ["run", "--subjects", "counter", "--wrappers", "lok"],
      "Error: Unknown wrapper 'lok'. Did you mean 'lock'?"
    ),
    (["run", "--suite", "no-such-suite"], "Error: Unknown suite 'no-such-suite'."),
    (
      ["run", "--suite", "/no/such/file.json"],
      "Error: Suite file '/no/such/file.json' does not exist."
    ),
    (["run"], "Error: Nothing to run"),
    (["run", "stray"], "Error: Unexpected argument 'stray'."),
    (["run", "--quiet=yes", "--subjects", "counter"], "Error: Option '--quiet' takes no value."),
    (["help", "rum"], "Error: Unknown subcommand 'rum'. Did you mean 'run'?"),
  ])
  func badInputIsOneErrorLineAndExit64(arguments: [String], message: String) throws {
    let dir = try temporaryDirectory()
    let out = dir.appendingPathComponent("never.csv").path
    let full = ["run", "bench"].contains(arguments.first) ? arguments + ["--out", out] : arguments
    let r = runInProcess(full)
    #expect(r.code == .usage)
    let lines = r.err.split(separator: "\n")
    #expect(lines.first.map { $0.hasPrefix(message) } == true, "\(r.err)")
    #expect(lines.filter { $0.hasPrefix("Error:") }.count == 1)
    #expect(r.err.contains("Usage: stress"))
    #expect(r.out.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: out), "no partial file")
  }
}
