#!/usr/bin/env bash
# Regenerates docs/wrappers-on-linux.md: a release build, one run of the wrappers suite, and
# the table rendered from that run's report (scripts/wrappers_table.py).
#
#   scripts/wrappers-table.sh [--mode MODE] [--out PATH]
#
# The default mode is the one the published table comes from (about 4 minutes on 2 cores).
set -uo pipefail
mode=default
out=docs/wrappers-on-linux.md
while [ $# -gt 0 ]; do
  case "$1" in
    --mode) mode="${2:?--mode needs a mode}"; shift 2 ;;
    --out) out="${2:?--out needs a path}"; shift 2 ;;
    -h|--help) sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "Error: unknown argument '$1'." >&2; echo "Usage: scripts/wrappers-table.sh [--mode MODE] [--out PATH]" >&2; exit 64 ;;
  esac
done
here=$PWD
. "$(dirname "$0")/nightly-common.sh"
out=$(absolute "$out")
cd "$(dirname "$0")/.."
bin=$(stress_binary "") || exit 2
work=$(mktemp -d)
command="stress run --suite wrappers --mode $mode"
"$bin" run --suite wrappers --mode "$mode" --out "$work/results.csv" --quiet > /dev/null
status=$?
case $status in 0|1) ;; *) echo "Error: the run failed with exit code $status" >&2; exit $status ;; esac
"$bin" report "$work/results.csv" --format json > "$work/report.json" || exit 2
python3 scripts/wrappers_table.py "$work/report.json" "$work/results.csv" --command "$command" > "$out.tmp" || exit 2
mv "$out.tmp" "$out"
echo "Wrote $out from $work/results.csv"
