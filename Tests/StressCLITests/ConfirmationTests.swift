import Foundation
import StressTestSupport
import Testing

/// Confirm before crying wolf (issue 52, point 3): the nightly merge re-runs the cells compare
/// flagged as slower, and a slowdown fails the night only if it holds on the re-run.
///
/// What a re-run measures is timing, which no pass/fail test may rest on: the re-runs here are
/// a doctored binary's (`fake`), a script that answers `run` with the trials of a run made
/// before, at a given speed, and hands every other command to the real `stress`. So each case
/// is certain: a night doctored slower (scripts/slow-wrapper.py) whose re-run runs as fast as
/// before is not confirmed, one whose re-run stays slower is.
@Suite struct ConfirmationTests {
  /// A directory with the scripts, a tiny run of this build, its copies with lock 20 times
  /// slower and faster, and doctored binaries re-running it at 1x and at 0.5x its speed.
  func prepared() throws -> URL {
    let dir = try temporaryDirectory()
    try FileManager.default.createSymbolicLink(
      at: dir.appendingPathComponent("scripts"),
      withDestinationURL: packageRoot.appendingPathComponent("scripts"))
    for (name, factor) in [("same", "1.0"), ("slower", "0.5")] {
      try Self.fake(factor: factor).write(
        to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
      chmod(dir.appendingPathComponent(name).path, 0o755)
    }
    let made = try runShell(
      """
      "$STRESS" run --subjects counter --wrappers lock,mutex,semaphore,serial-queue \\
        --threads 2,4 --mode quick --trials 7 --warmup 1 --no-control --out run.csv \\
        --quiet > /dev/null &&
      python3 scripts/slow-wrapper.py run.csv lock 0.05 slow.csv &&
      python3 scripts/slow-wrapper.py run.csv lock 20 fast.csv
      """, in: dir, timeout: 120)
    #expect(made.code == 0, "\(made.err)")
    return dir
  }

  /// A `stress` whose `run` writes run.csv's trials of the cell asked for, their speed times
  /// `factor`, and whose other commands are the real one's.
  static func fake(factor: String) -> String {
    """
    #!/usr/bin/env bash
    if [ "$1" != run ]; then exec "$STRESS" "$@"; fi
    shift
    exec python3 - "$(dirname "$0")/run.csv" \(factor) "$@" <<'PY'
    import csv, sys
    source, factor, args = sys.argv[1], float(sys.argv[2]), sys.argv[3:]
    given = {a: args[i + 1] for i, a in enumerate(args[:-1])
             if a in ("--subjects", "--wrappers", "--threads", "--out")}
    rows = list(csv.DictReader(open(source)))
    picked = [r for r in rows if r["subject"] == given["--subjects"]
              and r["wrapper"] == given["--wrappers"] and r["threads"] == given["--threads"]]
    for r in picked:
        r["ops_per_sec"] = repr(float(r["ops_per_sec"]) * factor)
    with open(given["--out"], "w", newline="") as f:
        out = csv.DictWriter(f, fieldnames=list(rows[0].keys()), lineterminator="\\n")
        out.writeheader()
        out.writerows(picked)
    PY
    """
  }

  @Test(arguments: [
    // The night looks 20 times slower than the baseline; re-run, it runs as before.
    ("slow.csv", "run.csv", "same", "", 0, "NOT CONFIRMED: none of the 2 flagged slowdowns held"),
    // The same night, the baseline's build re-run in turn beside the current one: both alike.
    (
      "slow.csv", "run.csv", "same", "--baseline-bin ./same", 0,
      "NOT CONFIRMED: none of the 2 flagged slowdowns held"
    ),
    // The baseline file looks 20 times as fast as this build runs: the re-run is still slower.
    ("run.csv", "fast.csv", "same", "", 1, "REGRESSION CONFIRMED: 2 of 2 flagged slowdowns held"),
    // A build that really is half as fast, re-run in turn with the baseline's.
    (
      "slow.csv", "run.csv", "slower", "--baseline-bin ./same", 1,
      "REGRESSION CONFIRMED: 2 of 2 flagged slowdowns held"
    ),
  ])
  func aFlaggedSlowdownIsReRunBeforeItFailsTheNight(
    night: String, baseline: String, current: String, extra: String, code: Int32,
    verdict: String
  ) throws {
    let dir = try prepared()
    let r = try runShell(
      "scripts/nightly-merge.sh \(night) --baseline \(baseline) --threshold 40% --out-dir out "
        + "--bin ./\(current) \(extra)", in: dir, timeout: 240)
    #expect(r.code == code, "\(r.out)\n\(r.err)")
    #expect(r.out.contains("CONFIRMATION: re-ran 2 cells that compare flagged"), "\(r.out)")
    #expect(r.out.contains(verdict), "\(r.out)")
    let markdown = try String(
      contentsOf: dir.appendingPathComponent("out/compare.md"), encoding: .utf8)
    #expect(markdown.contains(verdict) && markdown.contains("| counter / lock / 4 threads |"))
  }
}
