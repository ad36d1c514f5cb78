#!/usr/bin/env bash
# The nightly job in one command: a release build, the nightly suite, and into
# Results/nightly-<UTC date>/ the trial CSV, the per-cell summary (CSV and JSON), JUnit XML and
# the HTML report; with a baseline, `stress compare` against it (text on stdout, markdown in
# compare.md and, under GitHub Actions, on the job's summary page).
#
#   scripts/nightly.sh [--baseline RESULTS.csv] [--threshold 10%] [--suite NAME] [--mode MODE]
#                      [--time-budget DURATION] [--out-dir DIR]
#
# --time-budget (90s, 20m, 1h) bounds the run's wall clock: every cell gets its minimum of
# trials, the rest goes to the least settled (`stress help run`). Without it, the suite's own
# budget applies: the nightly suite's default mode takes 5 minutes, 5 trials a cell at least.
#
# Exit code, for the job: 0 all passed; 1 a protected wrapper failed, a subject is broken, or
# the comparison found a regression; 2 the harness could not run; 64 bad arguments;
# 130/143 interrupted. STRESS_BASELINE may name the baseline instead of --baseline.
set -uo pipefail
here="$PWD"

baseline="${STRESS_BASELINE:-}"
threshold=10%
suite=nightly
mode=default
budget=""
dir=""
while [ $# -gt 0 ]; do
  case "$1" in
    --baseline) baseline="${2:?--baseline needs a path}"; shift 2 ;;
    --threshold) threshold="${2:?--threshold needs a percentage}"; shift 2 ;;
    --suite) suite="${2:?--suite needs a name}"; shift 2 ;;
    --mode) mode="${2:?--mode needs a mode}"; shift 2 ;;
    --time-budget) budget="${2:?--time-budget needs a duration}"; shift 2 ;;
    --out-dir) dir="${2:?--out-dir needs a path}"; shift 2 ;;
    -h|--help) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "Error: unknown argument '$1'." >&2; echo "Usage: scripts/nightly.sh [--baseline RESULTS.csv] [--threshold 10%] [--suite NAME] [--mode MODE] [--time-budget DURATION] [--out-dir DIR]" >&2; exit 64 ;;
  esac
done
# Paths given are relative to where the script was called from, not to the repository.
absolute() { case "$1" in /*) echo "$1" ;; *) echo "$here/$1" ;; esac; }
[ -n "$baseline" ] && baseline="$(absolute "$baseline")"
[ -n "$dir" ] && dir="$(absolute "$dir")"
cd "$(dirname "$0")/.."
if [ -n "$baseline" ] && [ ! -f "$baseline" ]; then
  echo "Error: no such baseline file: '$baseline'." >&2
  exit 64
fi
if [ -z "$dir" ]; then
  dir="Results/nightly-$(date -u +%Y-%m-%d)"
  n=1
  while [ -e "$dir" ]; do n=$((n + 1)); dir="Results/nightly-$(date -u +%Y-%m-%d)-$n"; done
fi
mkdir -p "$dir" || exit 2

swift build -c release --product stress || exit 2
bin="$(swift build -c release --show-bin-path)/stress"

# Progress goes to stderr (plain lines in a CI log); the JSON summary to a file.
"$bin" run --suite "$suite" --mode "$mode" ${budget:+--time-budget "$budget"} --out "$dir/results.csv" \
  --summary-out "$dir/summary.csv" --junit "$dir/junit.xml" --format json > "$dir/summary.json"
run_status=$?
case $run_status in 0|1) ;; *) echo "stress run failed with exit code $run_status" >&2; exit $run_status ;; esac

"$bin" report "$dir/results.csv" || exit 2
"$bin" report "$dir/results.csv" --html "$dir/report.html" || exit 2

compare_status=0
if [ -n "$baseline" ]; then
  "$bin" compare "$baseline" "$dir/results.csv" --threshold "$threshold"
  compare_status=$?
  "$bin" compare "$baseline" "$dir/results.csv" --threshold "$threshold" --format markdown \
    > "$dir/compare.md"
  if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then cat "$dir/compare.md" >> "$GITHUB_STEP_SUMMARY"; fi
  case $compare_status in 0|1) ;; *) exit $compare_status ;; esac
fi

echo "Nightly results in $dir (results.csv, summary.csv, summary.json, junit.xml, report.html)"
if [ $run_status -ne 0 ] || [ $compare_status -ne 0 ]; then exit 1; fi
exit 0
