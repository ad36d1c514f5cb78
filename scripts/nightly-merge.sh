#!/usr/bin/env bash
# The nightly job's last step, after its shards (scripts/nightly-shard.sh): merge them into
# DIR/results.csv, then publish the night: JUnit XML, the HTML report, the JSON summary and,
# with a baseline, `stress compare` against it (text on stdout, markdown in compare.md and,
# under GitHub Actions, on the job's summary page).
#
#   scripts/nightly-merge.sh SHARD.csv... [--baseline RESULTS.csv] [--threshold 10%]
#                            [--history DIR] [--keep 30] [--out-dir DIR] [--bin PATH]
#                            [--baseline-bin PATH]
#
# A slowdown compare flags is confirmed before it fails the night: its cells run again
# (scripts/confirm_regressions.py), in turn with the baseline's build where --baseline-bin
# gives it, and only a slowdown that holds on the re-run is a regression; compare.md says what
# was re-run and what the re-run showed. A protected wrapper that fails is never re-run away.
#
# A missing shard is noted, not an error: the night is judged on what ran. With --history,
# tonight's trial CSV joins the nights kept in that directory (the last --keep of them, 30
# unless told), and `stress trend` over them writes trend.html and trend.csv.
#
# Exit code: 0 all passed; 1 a protected wrapper failed, a subject is broken, or the
# comparison found a regression; 2 the harness could not run or a shard is unreadable; 64 bad
# arguments. STRESS_BASELINE may name the baseline instead of --baseline.
set -uo pipefail
here="$PWD"

baseline="${STRESS_BASELINE:-}"
threshold=10%
history=""
keep=30
dir="Results/nightly"
bin=""
baseline_bin=""
shards=()
usage="Usage: scripts/nightly-merge.sh SHARD.csv... [--baseline RESULTS.csv] [--threshold 10%] [--history DIR] [--keep 30] [--out-dir DIR] [--bin PATH] [--baseline-bin PATH]"
while [ $# -gt 0 ]; do
  case "$1" in
    --baseline) baseline="${2:?--baseline needs a path}"; shift 2 ;;
    --threshold) threshold="${2:?--threshold needs a percentage}"; shift 2 ;;
    --history) history="${2:?--history needs a directory}"; shift 2 ;;
    --keep) keep="${2:?--keep needs a number}"; shift 2 ;;
    --out-dir) dir="${2:?--out-dir needs a path}"; shift 2 ;;
    --bin) bin="${2:?--bin needs a path}"; shift 2 ;;
    --baseline-bin) baseline_bin="${2:?--baseline-bin needs a path}"; shift 2 ;;
    -h|--help) sed -n '2,24p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "Error: unknown argument '$1'." >&2; echo "$usage" >&2; exit 64 ;;
    *) shards+=("$1"); shift ;;
  esac
done
source "$(dirname "$0")/nightly-common.sh"
if ! [[ "$keep" =~ ^[1-9][0-9]*$ ]]; then
  echo "Error: --keep needs a whole number of nights, 1 or more; got '$keep'." >&2; exit 64
fi
if [ ${#shards[@]} -eq 0 ]; then
  echo "Error: no shard CSV to merge." >&2; echo "$usage" >&2; exit 64
fi
for i in "${!shards[@]}"; do shards[$i]="$(absolute "${shards[$i]}")"; done
[ -n "$baseline" ] && baseline="$(absolute "$baseline")"
[ -n "$bin" ] && bin="$(absolute "$bin")"
[ -n "$baseline_bin" ] && baseline_bin="$(absolute "$baseline_bin")"
[ -n "$history" ] && history="$(absolute "$history")"
dir="$(absolute "$dir")"
cd "$(dirname "$0")/.."
if [ -n "$baseline" ] && [ ! -f "$baseline" ]; then
  echo "Error: no such baseline file: '$baseline'." >&2
  exit 64
fi
mkdir -p "$dir" || exit 2
bin="$(stress_binary "$bin")" || exit 2

"$bin" merge "${shards[@]}" -o "$dir/results.csv" || exit 2
"$bin" report "$dir/results.csv" --junit "$dir/junit.xml" --html "$dir/report.html" || exit 2
"$bin" report "$dir/results.csv" --format json > "$dir/summary.json" || exit 2
"$bin" report "$dir/results.csv" || exit 2
run_status=0
grep -q '"passed" : false' "$dir/summary.json" && run_status=1

compare_status=0
if [ -n "$baseline" ]; then
  "$bin" compare "$baseline" "$dir/results.csv" --threshold "$threshold"
  compare_status=$?
  "$bin" compare "$baseline" "$dir/results.csv" --threshold "$threshold" --format markdown \
    > "$dir/compare.md"
  case $compare_status in 0|1) ;; *) exit $compare_status ;; esac
  if [ $compare_status -eq 1 ]; then
    # Confirm before crying wolf: only a slowdown that holds on a re-run fails the night.
    if [ -n "$baseline_bin" ] && [ ! -x "$baseline_bin" ]; then
      echo "Note: no baseline binary at '$baseline_bin': the re-run is compared with the baseline file." >&2
      baseline_bin=""
    fi
    python3 scripts/confirm_regressions.py "$bin" "$baseline" "$dir/results.csv" \
      --threshold "$threshold" --out-dir "$dir/confirm" ${baseline_bin:+--baseline-bin "$baseline_bin"}
    compare_status=$?
    case $compare_status in 0|1) ;; *) exit $compare_status ;; esac
    { echo; cat "$dir/confirm/confirm.md"; } >> "$dir/compare.md"
  fi
  if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then cat "$dir/compare.md" >> "$GITHUB_STEP_SUMMARY"; fi
fi

if [ -n "$history" ]; then
  mkdir -p "$history" || exit 2
  # Named by the night's start, so the names sort as the nights do.
  night="$(sed -n '2p' "$dir/results.csv" | cut -d, -f2 | tr -d ':')"
  cp "$dir/results.csv" "$history/night-${night:-$(date -u +%Y-%m-%dT%H%M%SZ)}.csv" || exit 2
  ls "$history"/night-*.csv | sort | head -n "-$keep" | while read -r old; do rm -f "$old"; done
  "$bin" trend "$history"/night-*.csv --html "$dir/trend.html" || exit 2
  "$bin" trend "$history"/night-*.csv --format csv > "$dir/trend.csv" || exit 2
fi

echo "Nightly results in $dir (results.csv, summary.json, junit.xml, report.html${baseline:+, compare.md}${history:+, trend.html, trend.csv})"
if [ $run_status -ne 0 ] || [ $compare_status -ne 0 ]; then exit 1; fi
exit 0
