#!/usr/bin/env bash
# Regenerates docs/foundation-on-linux.md: a release build, one run of the whole catalog (the
# `all` suite), and the table rendered from that run (scripts/foundation_table.py): every entry
# of the Thread Safety Summary's lists and every other subject, documented against measured.
#
#   scripts/foundation-table.sh [--mode MODE] [--suite SUITE] [--out PATH]
#
# The default mode is the one the published table comes from (README says how long it takes).
set -uo pipefail
mode=default
suite=all
out=docs/foundation-on-linux.md
usage="Usage: scripts/foundation-table.sh [--mode MODE] [--suite SUITE] [--out PATH]"
while [ $# -gt 0 ]; do
  case "$1" in
    --mode) mode="${2:?--mode needs a mode}"; shift 2 ;;
    --suite) suite="${2:?--suite needs a suite}"; shift 2 ;;
    --out) out="${2:?--out needs a path}"; shift 2 ;;
    -h|--help) sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "Error: unknown argument '$1'." >&2; echo "$usage" >&2; exit 64 ;;
  esac
done
here=$PWD
. "$(dirname "$0")/nightly-common.sh"
out=$(absolute "$out")
cd "$(dirname "$0")/.."
bin=$(stress_binary "") || exit 2
work=$(mktemp -d)
command="stress run --suite $suite --mode $mode"
start=$(date +%s)
"$bin" run --suite "$suite" --mode "$mode" --out "$work/results.csv" --quiet > /dev/null
status=$?
# 0: all protected cells held; 1: some failed (a finding the table shows). Anything else: no table.
case $status in 0|1) ;; *) echo "Error: the run failed with exit code $status" >&2; exit $status ;; esac
minutes=$(awk -v s="$(( $(date +%s) - start ))" 'BEGIN { printf "%.1f", s / 60 }')
"$bin" report "$work/results.csv" --format json > "$work/report.json" || exit 2
"$bin" list --lists --format json > "$work/lists.json" || exit 2
"$bin" list --format json > "$work/listing.json" || exit 2
python3 scripts/foundation_table.py "$work/report.json" "$work/results.csv" "$work/lists.json" \
  "$work/listing.json" --command "$command" --minutes "$minutes" > "$out.tmp" || { rm -f "$out.tmp"; exit 2; }
mv "$out.tmp" "$out"
echo "Wrote $out from $work/results.csv ($minutes minutes)"
