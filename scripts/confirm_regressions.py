#!/usr/bin/env python3
"""Confirm before crying wolf: re-measure what `stress compare` flagged as slower, and report
a regression only if it holds on the re-run.

    scripts/confirm_regressions.py STRESS BASELINE.csv CURRENT.csv [--threshold 10%]
        [--baseline-bin PATH] [--out-dir DIR] [--max-cells 12] [--trials 5] [--rounds 3]

A neighbour that loads a shared runner for a stretch of the night slows the cells that ran
then; the same cells run again minutes later, on the same machine, show whether the code or
the stretch was slow. For each speed regression (a cell, or a wrapper, a subject or the whole
run: its most slowed protected cells, at most --max-cells in all) the flagged cells of the
current build run again. With --baseline-bin (the baseline's build), each
cell runs under it too, in turn with the current build, and the two re-runs are compared;
without it, the re-run is compared with the baseline file, beside up to 6 cells compare did not
flag, re-run the same way (a fresh worker runs colder than a long run's, and the machine may
have drifted): a weaker check, whose baseline is one worker's draw, so give the baseline's
build where it is at hand. A cell is re-run in --rounds
separate runs (a worker's speed is a draw of its own, and one draw must not decide a night),
--trials trials each, and judged on the median of all their trials. A flag holds if its
re-run cells
are still slower than the threshold (the geometric mean of their median ratios). A protected
wrapper that fails is a regression as it stands: it is never re-run away.

Prints what was re-run and what the re-run showed (also DIR/confirm.md). Exit code: 0 no
regression holds, 1 one does (or a protected wrapper fails), 2 stress could not run.
"""
import argparse
import csv
import json
import math
import os
import statistics
import subprocess
import sys

parser = argparse.ArgumentParser()
parser.add_argument("stress")
parser.add_argument("baseline")
parser.add_argument("current")
parser.add_argument("--threshold", default="10%")
parser.add_argument("--baseline-bin")
parser.add_argument("--out-dir", default=".")
parser.add_argument("--max-cells", type=int, default=12)
parser.add_argument("--trials", type=int, default=5)
parser.add_argument("--rounds", type=int, default=3)
args = parser.parse_args()
threshold = float(args.threshold.rstrip("%")) / (100 if args.threshold.endswith("%") else 1)
os.makedirs(args.out_dir, exist_ok=True)


def fail(message):
    print(f"Error: {message}", file=sys.stderr)
    sys.exit(2)


def rows(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def key(row):
    return (row["subject"], row["wrapper"], int(row["threads"]), row.get("readers") or "",
            float(row["read_ratio"]))


def median_rate(trials):
    rates = [float(r["ops_per_sec"]) for r in trials if r["outcome"] == "ok" and r["ops_per_sec"]]
    return statistics.median(rates) if rates else None


out = subprocess.run(
    [args.stress, "compare", args.baseline, args.current, "--threshold", args.threshold,
     "--format", "json"], capture_output=True, text=True)
if out.returncode not in (0, 1):
    fail(f"compare exited {out.returncode}: {out.stderr.strip()}")
doc = json.loads(out.stdout)
entries = doc["entries"]
fails = [e for e in entries if e["kind"] == "regression" and e.get("throughput_change") is None]
speed = [e for e in entries if e.get("throughput_change") is not None and e["protected"]]


def cell_key(e):
    readers = e.get("readers")
    return (e["subject"], e["wrapper"], e["threads"], "" if readers is None else str(readers),
            e["read_ratio"])


# Each flag and the cells it rests on, most slowed first.
flags = []
for e in entries:
    if e["kind"] == "regression" and e.get("throughput_change") is not None:
        flags.append((f"{e['subject']} / {e['wrapper']} / {e['threads']} threads", [cell_key(e)]))
for g in doc["groups"]:
    if g["kind"] != "regression":
        continue
    scope = g["scope"]
    if scope.startswith("wrapper "):
        members = [e for e in speed if e["wrapper"] == scope[len("wrapper "):]]
    elif scope.startswith("subject "):
        members = [e for e in speed if e["subject"] == scope[len("subject "):]]
    else:
        members = speed
    members.sort(key=lambda e: e["throughput_change"])
    flags.append((scope, [cell_key(e) for e in members if e["throughput_change"] < 0]))

if not flags:
    print("Nothing to confirm: compare flagged no slowdown."
          + (" A protected wrapper fails: that stands." if fails else ""))
    sys.exit(1 if fails else 0)

# The cells to re-run: each flag's most slowed, up to --max-cells in all.
cells = []
for _, keys in flags:
    for k in keys:
        if k not in cells and len(cells) < args.max_cells:
            cells.append(k)
mode = rows(args.current)[0]["mode"]
# Against the baseline file, a re-run in a worker of its own runs colder than the same cell
# did in a long run, and the machine may have drifted since: cells compare did not flag, re-run
# the same way, measure that, and the flagged cells are judged beside them.
references = []
if not args.baseline_bin:
    steady = [e for e in speed if cell_key(e) not in cells]
    steady.sort(key=lambda e: abs(e["throughput_change"]))
    references = [cell_key(e) for e in steady[:max(3, min(6, len(cells)))]]


def rerun(binary, k, name):
    subject, wrapper, threads, readers, ratio = k
    path = os.path.join(args.out_dir, name)
    for stale in (path, path[:-4] + "-summary.csv"):
        if os.path.exists(stale):
            os.remove(stale)
    command = [binary, "run", "--subjects", subject, "--wrappers", wrapper, "--mode", mode,
               "--trials", str(args.trials), "--no-control", "--out", path, "--quiet"]
    if readers:
        command += ["--readers", readers, "--writers", str(threads - int(readers))]
    else:
        command += ["--threads", str(threads), "--read-ratio", repr(ratio)]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode not in (0, 1):
        fail(f"the re-run of {subject} / {wrapper} / {threads} threads exited "
             f"{done.returncode}: {done.stderr.strip()}")
    if not os.path.exists(path):
        fail(f"the re-run of {subject} / {wrapper} / {threads} threads wrote no {path}")
    return [r for r in rows(path) if key(r) == k]


baseline_rows = [r for r in rows(args.baseline) if r["subject"] != "positive-control"]
ratios = {}
report = []
for i, k in enumerate(cells + references):
    # In turn, round by round: the baseline's build, then the current one, on the same minutes.
    old, new = [], []
    for n in range(args.rounds):
        if args.baseline_bin:
            old += rerun(args.baseline_bin, k, f"rerun-{i}-{n}-baseline.csv")
        new += rerun(args.stress, k, f"rerun-{i}-{n}-current.csv")
    if args.baseline_bin:
        was = median_rate(old)
        source = "the baseline's build, re-run beside it"
    else:
        was = median_rate([r for r in baseline_rows if key(r) == k])
        source = "the baseline file"
    now = median_rate(new)
    if was and now:
        ratios[k] = now / was
    report.append((k, was, now, source))

# The re-run's own drift, from the cells compare did not flag: 1 where there are none.
measured = [ratios[k] for k in references if k in ratios]
drift = math.exp(sum(math.log(r) for r in measured) / len(measured)) if measured else 1.0
lines = [f"CONFIRMATION: re-ran {len(cells)} cell{'s' if len(cells) != 1 else ''} that "
         f"compare flagged, {args.rounds} runs of {args.trials} trials each, against "
         + ("the baseline's build in turn" if args.baseline_bin else "the baseline file"), ""]
if references:
    lines += [f"Beside them, {len(references)} cells compare did not flag, re-run the same way: "
              f"{(drift - 1) * 100:+.1f}% against the file (a fresh worker's start, the "
              "machine's drift), which every flagged cell's change is taken relative to.", ""]
lines += ["| cell | baseline median | re-run median | change |", "| --- | --- | --- | --- |"]
for k, was, now, _ in report:
    subject, wrapper, threads = k[:3]
    change = f"{(now / was - 1) * 100:+.1f}%" if was and now else "not measured"
    figures = [f"{x:,.0f} ops/s" if x else "-" for x in (was, now)]
    note = " (not flagged)" if k in references else ""
    lines.append(f"| {subject} / {wrapper} / {threads} threads{note} | {figures[0]} | "
                 f"{figures[1]} | {change} |")
lines += ["", "| flagged | re-run cells | change on the re-run" + (", beside the others" if references else "")
          + " | holds |", "| --- | --- | --- | --- |"]
holds = 0
for label, keys in flags:
    measured = [ratios[k] / drift for k in keys if k in ratios]
    if not measured:
        lines.append(f"| {label} | 0 | not re-run | no |")
        continue
    change = math.exp(sum(math.log(r) for r in measured) / len(measured)) - 1
    held = change < -threshold
    holds += held
    lines.append(f"| {label} | {len(measured)} | {change * 100:+.1f}% | {'yes' if held else 'no'} |")
lines.append("")
if holds:
    lines.append(f"REGRESSION CONFIRMED: {holds} of {len(flags)} flagged slowdowns held on the re-run.")
else:
    lines.append(f"NOT CONFIRMED: none of the {len(flags)} flagged slowdowns held on the re-run "
                 "(the machine, not the code); no regression.")
if fails:
    lines.append(f"A protected wrapper fails in {len(fails)} cells: that stands, re-run or not.")
text = "\n".join(lines) + "\n"
print(text, end="")
with open(os.path.join(args.out_dir, "confirm.md"), "w") as f:
    f.write(text)
sys.exit(1 if holds or fails else 0)
