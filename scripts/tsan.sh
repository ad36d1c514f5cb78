#!/usr/bin/env bash
# Sanitizer mode: builds `stress` with ThreadSanitizer (workers are the same binary, so they are
# instrumented too), runs a suite through it in quick mode, and counts TSan's reports per trial
# into the CSV's tsan_reports column.
#
#   scripts/tsan.sh [SUITE] [more `stress run` options]
#   scripts/tsan.sh collections --subjects swift-array,nsmutablearray --wrappers unprotected,lock
#
# TSAN_OUT=PATH sets the CSV's path (default: Results/tsan-<suite>-<UTC time>.csv).
set -euo pipefail
cd "$(dirname "$0")/.."
suite="${1:-collections}"
shift || true

swift build --sanitize=thread --build-path .build/tsan --product stress
bin="$(swift build --sanitize=thread --build-path .build/tsan --show-bin-path)/stress"
mkdir -p Results
out="${TSAN_OUT:-Results/tsan-$(basename "$suite" .json)-$(date -u +%Y%m%dT%H%M%SZ).csv}"
# Reports are counted, not fatal; TSan slows code several times, hence the longer deadline.
export TSAN_OPTIONS="halt_on_error=0 ${TSAN_OPTIONS:-}"

set +e
"$bin" run --suite "$suite" --mode quick --count-tsan-reports --timeout 60 --out "$out" --quiet "$@"
status=$?
set -e

python3 - "$out" <<'PY'
import csv, sys
from collections import OrderedDict
cells = OrderedDict()
for row in csv.DictReader(open(sys.argv[1], newline="")):
    if int(row["threads"]) < 2:
        continue
    key = (row["subject"], row["wrapper"])
    c = cells.setdefault(key, {"trials": 0, "with": 0, "reports": 0, "failed": 0})
    c["trials"] += 1
    n = int(row["tsan_reports"] or 0)
    c["reports"] += n
    c["with"] += n > 0
    c["failed"] += row["outcome"] != "ok"
print("\nTSAN REPORTS (2+ threads): trials with reports / trials, total reports, trials failed")
print(f"  {'subject':22} {'wrapper':14} {'with reports':>13} {'reports':>8} {'failed':>7}")
for (subject, wrapper), c in cells.items():
    print(f"  {subject:22} {wrapper:14} {c['with']:>6}/{c['trials']:<6} {c['reports']:>8} {c['failed']:>3}/{c['trials']}")
print(f"\nWrote {sys.argv[1]}")
PY

cat <<'TXT'

What ThreadSanitizer can and cannot see here:
- It reports races in instrumented code: the harness, subjects written in Swift (yours too), and
  the Swift standard library's collection code that is inlined into them (swift-array,
  swift-dictionary, swift-set unprotected should show reports).
- It cannot see inside the toolchain's Foundation, which is not built with TSan: a race inside
  NSMutableArray gives zero reports and shows up only as a crash or a wrong result. A `crash`
  row with tsan_reports 0 is expected for the NS* subjects; that is why a stress harness exists.
- Synchronization.Mutex is built on futex(2), which TSan does not model: its cells can report
  races that are not there. Judge a wrapper by its outcomes, not by TSan's count.
TXT
exit $status
