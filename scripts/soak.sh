#!/usr/bin/env bash
# Soak: thousands of trials through one runner, sampling the runner's resident memory, to show
# it stays flat (no leak in the parent: workers come and go, the runner must not grow).
#
#   scripts/soak.sh [TRIALS_PER_CELL]      (default 1000: 4 cells, 4000 trials)
#   scripts/soak.sh --time-budget 1h       (as many trials as the budget holds, 20 a cell first)
set -euo pipefail
cd "$(dirname "$0")/.."
budget=()
if [ "${1:-}" = "--time-budget" ]; then
  [ -n "${2:-}" ] || { echo "Error: --time-budget needs a duration (90s, 20m, 1h)." >&2; exit 64; }
  budget=(--time-budget "$2")
  trials=20
else
  trials="${1:-1000}"
fi
swift build -c release --product stress
bin="$(swift build -c release --show-bin-path)/stress"
mkdir -p Results
out="Results/soak-$(date -u +%Y%m%dT%H%M%SZ).csv"
rss="${out%.csv}-rss.csv"

# selftest-corrupt fails every trial, so its worker is replaced every trial; noop's is reused.
"$bin" run --subjects noop,selftest-corrupt --wrappers lock,unprotected --threads 2 --trials "$trials" \
  --ops 10 --warmup 0 ${budget[@]+"${budget[@]}"} --out "$out" --quiet >/dev/null &
runner=$!
echo "seconds,trials_done,rss_kib" > "$rss"
start=$(date +%s)
while kill -0 "$runner" 2>/dev/null; do
  kib=$(awk '/VmRSS/ {print $2}' "/proc/$runner/status" 2>/dev/null || true)
  done_rows=0
  [ -f "$out" ] && done_rows=$(($(wc -l < "$out") - 1))
  [ -n "$kib" ] && echo "$(( $(date +%s) - start )),$done_rows,$kib" >> "$rss"
  sleep 2
done
wait "$runner" || true

python3 - "$rss" <<'PY'
import csv, sys
rows = [r for r in csv.DictReader(open(sys.argv[1])) if int(r["trials_done"]) > 0]
if len(rows) < 3:
    sys.exit("too few samples; give more trials")
first, last = rows[0], rows[-1]
peak = max(int(r["rss_kib"]) for r in rows)
print(f"runner RSS: {first['rss_kib']} KiB after {first['trials_done']} trials, "
      f"{last['rss_kib']} KiB after {last['trials_done']} trials, peak {peak} KiB")
print(f"samples in {sys.argv[1]}")
PY
