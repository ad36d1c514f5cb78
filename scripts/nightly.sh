#!/usr/bin/env bash
# The nightly job on one machine, in one command: scripts/nightly-shard.sh as the only shard,
# then scripts/nightly-merge.sh. Into Results/nightly-<UTC date>/ go the trial CSV, the
# per-cell summary (CSV and JSON), JUnit XML and the HTML report; with a baseline, `stress
# compare` against it (text on stdout, markdown in compare.md and, under GitHub Actions, on the
# job's summary page). A CI matrix runs the two scripts itself (scripts/ci/).
#
#   scripts/nightly.sh [--baseline RESULTS.csv] [--threshold 10%] [--suite NAME] [--mode MODE]
#                      [--time-budget DURATION] [--seed N] [--out-dir DIR] [--bin PATH]
#                      [--baseline-bin PATH]
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

shard_args=()
merge_args=()
baseline="${STRESS_BASELINE:-}"
baseline_bin=""
dir=""
usage="Usage: scripts/nightly.sh [--baseline RESULTS.csv] [--threshold 10%] [--suite NAME] [--mode MODE] [--time-budget DURATION] [--seed N] [--out-dir DIR] [--bin PATH] [--baseline-bin PATH]"
while [ $# -gt 0 ]; do
  case "$1" in
    --baseline) baseline="${2:?--baseline needs a path}"; shift 2 ;;
    --threshold) merge_args+=("$1" "${2:?--threshold needs a percentage}"); shift 2 ;;
    --baseline-bin) baseline_bin="${2:?--baseline-bin needs a path}"; shift 2 ;;
    --suite|--mode|--time-budget|--seed) shard_args+=("$1" "${2:?$1 needs a value}"); shift 2 ;;
    --bin) shard_args+=("$1" "${2:?--bin needs a path}"); merge_args+=("$1" "$2"); shift 2 ;;
    --out-dir) dir="${2:?--out-dir needs a path}"; shift 2 ;;
    -h|--help) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "Error: unknown argument '$1'." >&2; echo "$usage" >&2; exit 64 ;;
  esac
done
source "$(dirname "$0")/nightly-common.sh"
[ -n "$baseline_bin" ] && merge_args+=(--baseline-bin "$(absolute "$baseline_bin")")
[ -n "$dir" ] && dir="$(absolute "$dir")"
# Checked before the run, not after it.
if [ -n "$baseline" ]; then
  baseline="$(absolute "$baseline")"
  if [ ! -f "$baseline" ]; then echo "Error: no such baseline file: '$baseline'." >&2; exit 64; fi
  merge_args+=(--baseline "$baseline")
fi
scripts="$(cd "$(dirname "$0")" && pwd)"
cd "$scripts/.."
if [ -z "$dir" ]; then
  dir="$PWD/Results/nightly-$(date -u +%Y-%m-%d)"
  n=1
  while [ -e "$dir" ]; do n=$((n + 1)); dir="$PWD/Results/nightly-$(date -u +%Y-%m-%d)-$n"; done
fi

"$scripts/nightly-shard.sh" --shard 1/1 --out-dir "$dir" ${shard_args[@]+"${shard_args[@]}"} \
  || exit $?
mv "$dir/summary-1-of-1.csv" "$dir/summary.csv" || exit 2
"$scripts/nightly-merge.sh" "$dir/shard-1-of-1.csv" --out-dir "$dir" \
  ${merge_args[@]+"${merge_args[@]}"}
status=$?
rm -f "$dir/shard-1-of-1.csv"
exit $status
