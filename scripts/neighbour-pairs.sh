#!/usr/bin/env bash
# Same-commit pairs of runs of the README's suite, with a CPU hog beside them, for
# BENCHMARKS.md's figures on `stress compare` and a loaded machine (a busy loop of its own
# process takes one of the machine's cores, as a neighbour on a shared runner does):
#
#   scripts/neighbour-pairs.sh --bin STRESS --hog whole|half|both|none [--pairs 10]
#                              [--mode quick] [--suite collections] --out-dir DIR
#
# Pair i is a baseline run then a current run of the same binary. `whole` holds the hog through
# the current run only, `half` through its first half (half the baseline's wall time), `both`
# through both runs, `none` through neither. The runs land in DIR/pair-I-{baseline,current}.csv;
# A pair compare flags is confirmed as the nightly job does (scripts/confirm_regressions.py,
# the same binary as the baseline's build, the hog as it stood at the current run's end): a
# flag that holds is a false alarm of the nightly job. Then scripts/compare_noise.py --paired
# judges each pair by compare alone (any regression is a false alarm) and, with --slow lock
# --factor 0.714, its power on the same files (lock 40% slower).
set -euo pipefail

usage="Usage: scripts/neighbour-pairs.sh --bin STRESS --hog whole|half|both|none [--pairs 10] [--mode quick] [--suite collections] --out-dir DIR"
bin="" hog="" pairs=10 mode=quick suite=collections out=""
while [ $# -gt 0 ]; do
  case "$1" in
    --bin) bin="${2:?--bin needs a path}"; shift 2 ;;
    --hog) hog="${2:?--hog needs a value}"; shift 2 ;;
    --pairs) pairs="${2:?--pairs needs a number}"; shift 2 ;;
    --mode) mode="${2:?--mode needs a value}"; shift 2 ;;
    --suite) suite="${2:?--suite needs a name}"; shift 2 ;;
    --out-dir) out="${2:?--out-dir needs a directory}"; shift 2 ;;
    *) echo "Error: unknown argument '$1'." >&2; echo "$usage" >&2; exit 64 ;;
  esac
done
case "$hog" in whole|half|both|none) ;; *) echo "Error: --hog must be whole, half, both or none." >&2; echo "$usage" >&2; exit 64 ;; esac
[ -x "$bin" ] || { echo "Error: --bin '$bin' is not an executable." >&2; exit 64; }
[ -n "$out" ] || { echo "Error: --out-dir is required." >&2; echo "$usage" >&2; exit 64; }
[[ "$pairs" =~ ^[1-9][0-9]*$ ]] || { echo "Error: --pairs must be a positive number." >&2; exit 64; }
mkdir -p "$out"

hog_pid=""
start_hog() { python3 -c 'while True: pass' & hog_pid=$!; }
stop_hog() { if [ -n "$hog_pid" ]; then kill "$hog_pid" 2>/dev/null || true; wait "$hog_pid" 2>/dev/null || true; hog_pid=""; fi; }
trap stop_hog EXIT

# One run; prints its wall time in seconds.
run() {
  local file=$1 began ended
  began=$(date +%s.%N)
  "$bin" run --suite "$suite" --mode "$mode" --out "$file" --quiet > /dev/null
  ended=$(date +%s.%N)
  python3 -c "print(f'{$ended - $began:.2f}')"
}

here=$(dirname "$0")
killer=""
wait_half() { if [ -n "$killer" ]; then wait "$killer" 2>/dev/null || true; killer=""; fi; }
printf '| pair | baseline wall s | compare exit | nightly exit |\n| --- | --- | --- | --- |\n' > "$out/nightly.md"
files=()
for i in $(seq 1 "$pairs"); do
  base="$out/pair-$i-baseline.csv" current="$out/pair-$i-current.csv"
  rm -f "$base" "${base%.csv}-summary.csv" "$current" "${current%.csv}-summary.csv"
  if [ "$hog" = both ]; then start_hog; fi
  wall=$(run "$base")
  if [ "$hog" = whole ] || [ "$hog" = half ]; then start_hog; fi
  if [ "$hog" = half ]; then
    (sleep "$(python3 -c "print($wall / 2)")"; kill "$hog_pid" 2>/dev/null || true) &
    killer=$!
  fi
  run "$current" > /dev/null
  wait_half
  status=0
  "$bin" compare "$base" "$current" > /dev/null || status=$?
  night=0
  if [ "$status" -eq 1 ]; then
    python3 "$here/confirm_regressions.py" "$bin" "$base" "$current" --baseline-bin "$bin" \
      --out-dir "$out/pair-$i-confirm" > /dev/null || night=$?
  fi
  stop_hog
  echo "| $i | $wall | $status | $night |" >> "$out/nightly.md"
  echo "pair $i: baseline $wall s, compare $status, nightly $night" >&2
  files+=("$base" "$current")
done

echo "the nightly job's verdict, hog $hog, $mode, $pairs pairs (1: a false alarm):"
cat "$out/nightly.md"
echo
echo "false alarms, hog $hog, $mode, $pairs pairs:"
python3 "$here/compare_noise.py" "$bin" "${files[@]}" --paired
echo
echo "power, lock 40% slower in each current run:"
python3 "$here/compare_noise.py" "$bin" "${files[@]}" --paired --slow lock --factor 0.714
