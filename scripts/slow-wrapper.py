#!/usr/bin/env python3
"""A doctored copy of a trial CSV in which one wrapper ran slower: its rows' seconds divided
by FACTOR and ops_per_sec multiplied by it (0.75: 25% slower). For measuring what
`stress compare` finds (BENCHMARKS.md), never for results anyone reads as measured.

    scripts/slow-wrapper.py RESULTS.csv WRAPPER FACTOR OUT.csv
"""
import csv
import sys

if len(sys.argv) != 5:
    sys.exit("Usage: scripts/slow-wrapper.py RESULTS.csv WRAPPER FACTOR OUT.csv")
source, wrapper, factor, out = sys.argv[1], sys.argv[2], float(sys.argv[3]), sys.argv[4]
if not 0 < factor:
    sys.exit("Error: FACTOR must be above 0.")
with open(source, newline="") as f:
    rows = list(csv.reader(f))
header = rows[0]
w, seconds, rate = (header.index(c) for c in ("wrapper", "seconds", "ops_per_sec"))
slowed = 0
for row in rows[1:]:
    if row[w] == wrapper and row[seconds] and row[rate]:
        row[seconds] = repr(float(row[seconds]) / factor)
        row[rate] = repr(float(row[rate]) * factor)
        slowed += 1
with open(out, "w", newline="") as f:
    csv.writer(f, lineterminator="\n").writerows(rows)
print(f"{slowed} trials of {wrapper} at {factor}x their throughput in {out}")
