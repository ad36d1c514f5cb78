#!/usr/bin/env python3
"""False alarms and power of `stress compare`, measured on runs of one commit.

    scripts/compare_noise.py STRESS_BINARY RUN.csv... [--paired] [--slow WRAPPER --factor 0.75]

Each run is compared with the next (N runs, N-1 pairs), or with --paired, the runs two by two
(baseline, current; N/2 pairs): any regression between runs of the same code is a false alarm. With --slow, the later run of each pair is doctored first
(scripts/slow-wrapper.py) and the comparison must find that wrapper: its power. Prints a
markdown table, one line per pair.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

parser = argparse.ArgumentParser()
parser.add_argument("stress")
parser.add_argument("runs", nargs="+")
parser.add_argument("--paired", action="store_true")
parser.add_argument("--slow")
parser.add_argument("--factor", type=float, default=0.75)
args = parser.parse_args()
if len(args.runs) < 2:
    sys.exit("Error: give two or more runs.")
if args.paired and len(args.runs) % 2:
    sys.exit("Error: --paired needs an even number of runs.")
here = os.path.dirname(os.path.abspath(__file__))

print("| pair | whole run | cell regressions | group regressions | found | compare exit |")
print("| --- | --- | --- | --- | --- | --- |")
starts = range(0, len(args.runs), 2) if args.paired else range(len(args.runs) - 1)
for i in starts:
    baseline, current = args.runs[i], args.runs[i + 1]
    if args.slow:
        doctored = os.path.join(tempfile.mkdtemp(), "doctored.csv")
        subprocess.run(
            [sys.executable, os.path.join(here, "slow-wrapper.py"), current, args.slow,
             str(args.factor), doctored], check=True, stdout=subprocess.DEVNULL)
        current = doctored
    out = subprocess.run(
        [args.stress, "compare", baseline, current, "--format", "json"],
        capture_output=True, text=True)
    if out.returncode not in (0, 1):
        sys.exit(f"Error: compare exited {out.returncode}: {out.stderr.strip()}")
    doc = json.loads(out.stdout)
    cells = [e for e in doc["entries"] if e["kind"] == "regression"]
    groups = [g for g in doc["groups"] if g["kind"] == "regression"]
    run = next(g for g in doc["groups"] if g["scope"] == "the whole run")
    found = ""
    if args.slow:
        found = "yes" if any(g["scope"] == f"wrapper {args.slow}" for g in groups) else "no"
    print(f"| {i + 1}-{i + 2} | {run['what']} | {len(cells)} | "
          f"{', '.join(g['scope'] for g in groups) or 0} | {found} | {out.returncode} |")
