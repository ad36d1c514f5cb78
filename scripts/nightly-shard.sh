#!/usr/bin/env bash
# One shard of the nightly job, as every CI matrix job (GitHub Actions, a Kubernetes Indexed
# Job) runs it: a release build, then shard I of N of the suite into DIR/shard-I-of-N.csv (its
# summary in DIR/summary-I-of-N.csv). scripts/nightly-merge.sh joins the shards and publishes
# the night.
#
#   scripts/nightly-shard.sh --shard I/N [--seed N] [--suite NAME] [--mode MODE]
#                            [--time-budget DURATION] [--out-dir DIR] [--bin PATH]
#
# Every shard of a night must get the same --seed, so the merged run is replayable as one and
# equals the unsharded run's plan; without one, the UTC date (YYYYMMDD) is the seed. Each shard
# gets the whole --time-budget. --bin runs a stress binary already built instead of building.
#
# Exit code: 0 the shard ran (its findings are judged after the merge); 2 the harness could not
# run; 64 bad arguments; 130/143 interrupted.
set -uo pipefail
here="$PWD"

shard=""
seed=""
suite=nightly
mode=default
budget=""
dir="Results/nightly-shards"
bin=""
usage="Usage: scripts/nightly-shard.sh --shard I/N [--seed N] [--suite NAME] [--mode MODE] [--time-budget DURATION] [--out-dir DIR] [--bin PATH]"
while [ $# -gt 0 ]; do
  case "$1" in
    --shard) shard="${2:?--shard needs I/N}"; shift 2 ;;
    --seed) seed="${2:?--seed needs a number}"; shift 2 ;;
    --suite) suite="${2:?--suite needs a name}"; shift 2 ;;
    --mode) mode="${2:?--mode needs a mode}"; shift 2 ;;
    --time-budget) budget="${2:?--time-budget needs a duration}"; shift 2 ;;
    --out-dir) dir="${2:?--out-dir needs a path}"; shift 2 ;;
    --bin) bin="${2:?--bin needs a path}"; shift 2 ;;
    -h|--help) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "Error: unknown argument '$1'." >&2; echo "$usage" >&2; exit 64 ;;
  esac
done
if ! [[ "$shard" =~ ^[0-9]+/[0-9]+$ ]]; then
  echo "Error: --shard I/N is required (such as 2/4)." >&2; echo "$usage" >&2; exit 64
fi
seed="${seed:-$(date -u +%Y%m%d)}"
source "$(dirname "$0")/nightly-common.sh"
dir="$(absolute "$dir")"
[ -n "$bin" ] && bin="$(absolute "$bin")"
[ "${suite%.json}" != "$suite" ] && suite="$(absolute "$suite")"
cd "$(dirname "$0")/.."
mkdir -p "$dir" || exit 2
bin="$(stress_binary "$bin")" || exit 2

name="shard-${shard%/*}-of-${shard#*/}"
"$bin" run --suite "$suite" --mode "$mode" --shard "$shard" --seed "$seed" \
  ${budget:+--time-budget "$budget"} --out "$dir/$name.csv" \
  --summary-out "$dir/summary-${shard%/*}-of-${shard#*/}.csv" --quiet > /dev/null
status=$?
case $status in
  0|1) echo "Shard $shard of suite $suite (seed $seed) in $dir/$name.csv" ;;
  *) echo "stress run failed with exit code $status" >&2; exit $status ;;
esac
