#!/usr/bin/env bash
# Regenerates docs/foundation-on-linux.md: a release build, one run of the whole catalog (the
# `all` suite) under every wrapper, a power run that gives every subject with no failure yet its
# bound (unprotected, at 2 and 4 threads, --power-trials trials each), optionally a TSan run
# (unprotected at 2 threads), and the table rendered from them (scripts/foundation_table.py)
# with upstream's known issues (docs/upstream-issues.json) beside each row.
#
#   scripts/foundation-table.sh [--mode MODE] [--suite SUITE] [--out PATH] [--power-trials N]
#       [--power-duration SECONDS] [--time-budget DURATION] [--tsan] [--keep DIR]
#   scripts/foundation-table.sh --render DIR [--out PATH]
#
# --time-budget bounds the power run (each cell gets at least 20 trials; a row whose bound
# falls short says so). --keep keeps the runs' files in DIR (default: Results/table-<time>),
# and --render re-renders the table from such a directory without running anything.
set -uo pipefail
mode=default
suite=all
out=docs/foundation-on-linux.md
power_trials=150
power_duration=0.03
budget=
tsan=false
keep=
render=
usage="Usage: scripts/foundation-table.sh [--mode MODE] [--suite SUITE] [--out PATH] [--power-trials N] [--power-duration SECONDS] [--time-budget DURATION] [--tsan] [--keep DIR] | --render DIR [--out PATH]"
need() { [ -n "${2:-}" ] || { echo "Error: $1 needs a value." >&2; echo "$usage" >&2; exit 64; }; }
while [ $# -gt 0 ]; do
  case "$1" in
    --mode) need "$1" "${2:-}"; mode="$2"; shift 2 ;;
    --suite) need "$1" "${2:-}"; suite="$2"; shift 2 ;;
    --out) need "$1" "${2:-}"; out="$2"; shift 2 ;;
    --power-trials) need "$1" "${2:-}"; power_trials="$2"; shift 2 ;;
    --power-duration) need "$1" "${2:-}"; power_duration="$2"; shift 2 ;;
    --time-budget) need "$1" "${2:-}"; budget="$2"; shift 2 ;;
    --tsan) tsan=true; shift ;;
    --keep) need "$1" "${2:-}"; keep="$2"; shift 2 ;;
    --render) need "$1" "${2:-}"; render="$2"; shift 2 ;;
    -h|--help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "Error: unknown argument '$1'." >&2; echo "$usage" >&2; exit 64 ;;
  esac
done
case "$power_trials" in ''|*[!0-9]*) echo "Error: --power-trials must be a whole number." >&2; exit 64 ;; esac
here=$PWD
. "$(dirname "$0")/nightly-common.sh"
out=$(absolute "$out")
[ -n "$render" ] && render=$(absolute "$render")
[ -n "$keep" ] && keep=$(absolute "$keep")
cd "$(dirname "$0")/.."

# Renders the table from the files a run left in $1.
render_table() {
  local dir="$1" extra=()
  # Every power run the directory holds (power.json, then power2.json... for top-ups).
  for report in "$dir"/power*.json; do
    [ -f "$report" ] || continue
    extra+=(--power "$report" --power-command "$(cat "${report%.json}-command")")
  done
  [ -f "$dir/tsan.csv" ] && extra+=(--tsan "$dir/tsan.csv" --tsan-command "$(cat "$dir/tsan-command")")
  python3 scripts/foundation_table.py "$dir/report.json" "$dir/results.csv" "$dir/lists.json" \
    "$dir/listing.json" --command "$(cat "$dir/command")" --minutes "$(cat "$dir/minutes")" \
    --upstream docs/upstream-issues.json "${extra[@]}" > "$out.tmp" || { rm -f "$out.tmp"; exit 2; }
  mv "$out.tmp" "$out"
}

if [ -n "$render" ]; then
  [ -f "$render/report.json" ] || { echo "Error: '$render' holds no table run (no report.json)." >&2; exit 66; }
  render_table "$render"
  echo "Wrote $out from $render"
  exit 0
fi

bin=$(stress_binary "") || exit 2
work=${keep:-$PWD/Results/table-$(date -u +%Y%m%dT%H%M%SZ)}
mkdir -p "$work" || exit 2
start=$(date +%s)
echo "stress run --suite $suite --mode $mode" > "$work/command"
"$bin" run --suite "$suite" --mode "$mode" --out "$work/results.csv" --quiet > /dev/null
status=$?
# 0: all protected cells held; 1: some failed (a finding the table shows). Anything else: no table.
case $status in 0|1) ;; *) echo "Error: the run failed with exit code $status" >&2; exit $status ;; esac
"$bin" report "$work/results.csv" --format json > "$work/report.json" || exit 2
"$bin" list --lists --format json > "$work/lists.json" || exit 2
"$bin" list --format json > "$work/listing.json" || exit 2

# The power run: only subjects with no failure yet need more trials; one failure is a verdict.
subjects=$(python3 -c '
import json, sys
print(",".join(v["subject"] for v in json.load(open(sys.argv[1]))["verdicts"] if v["failed"] == 0))
' "$work/report.json") || exit 2
if [ -n "$subjects" ] && [ "$power_trials" -gt 0 ]; then
  power=(run --subjects "$subjects" --wrappers unprotected --threads 2,4 --duration "$power_duration")
  if [ -n "$budget" ]; then power+=(--trials 20 --time-budget "$budget"); else power+=(--trials "$power_trials"); fi
  count=$(echo "$subjects" | tr ',' '\n' | wc -l)
  echo "stress ${power[*]/#$subjects/<the $count subjects with no failure>}" > "$work/power-command"
  "$bin" "${power[@]}" --out "$work/power.csv" --quiet > /dev/null
  status=$?
  case $status in 0|1) ;; *) echo "Error: the power run failed with exit code $status" >&2; exit $status ;; esac
  "$bin" report "$work/power.csv" --format json > "$work/power.json" || exit 2
fi

if $tsan; then
  echo "scripts/tsan.sh $suite --wrappers unprotected --threads 2 --trials 2" > "$work/tsan-command"
  TSAN_OUT="$work/tsan.csv" scripts/tsan.sh "$suite" --wrappers unprotected --threads 2 --trials 2 \
    > "$work/tsan.log" 2>&1
  case $? in 0|1) ;; *) echo "Error: the TSan run failed (see $work/tsan.log)" >&2; exit 2 ;; esac
fi

awk -v s="$(( $(date +%s) - start ))" 'BEGIN { printf "%.1f", s / 60 }' > "$work/minutes"
render_table "$work"
echo "Wrote $out from $work ($(cat "$work/minutes") minutes)"
