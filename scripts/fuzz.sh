#!/usr/bin/env bash
# Fuzzes the parsers that read what people type or hand back, with libFuzzer and
# AddressSanitizer: suite files (Suite.parse), `stress run` arguments (parsing, option values,
# plan resolution; nothing is run), trial CSVs (ResultsFile.parse, then every report drawn
# from what loads, which must never print inf or nan), and the loaders that take several:
# trend (its text, CSV, JSON and page), merge (a merge or its refusal; a merge keeps every
# row) and compare of two different runs. An input holds several files separated by a
# \x1E byte. Each target gets RUNS executions (default 1,000,000), starting from the corpus in
# fuzz/corpus/<target>; new interesting inputs go to a scratch copy.
#
#   scripts/fuzz.sh [RUNS]            (FUZZ_TARGETS="trend merge" picks targets)
#   scripts/fuzz.sh --check           (type-checks every target against today's code, for CI:
#                                      nothing else builds them, and they fell behind before)
set -euo pipefail
cd "$(dirname "$0")/.."
sources=$(find Sources/StressPlatform Sources/StressKit Sources/StressKitCore Sources/StressKitModel \
  Sources/StressKitEngine Sources/StressKitPlan Sources/StressKitRun Sources/StressKitBench \
  Sources/StressReports Sources/StressCLI -name '*.swift')
shim=Sources/CStressPlatform
# Every target's sources build as one module here, so `import StressReports` (and
# `import StressPlatform`, and each of StressKit's layers) finds an empty stand-in: what it
# names is already in the module.
mkdir -p .build/fuzz/stub
echo "" > .build/fuzz/stub/empty.swift
for stub in StressReports StressPlatform StressKitCore StressKitModel StressKitEngine \
  StressKitPlan StressKitRun StressKitBench; do
  swiftc -emit-module -module-name "$stub" -parse-as-library -swift-version 6 \
    -o ".build/fuzz/stub/$stub.swiftmodule" .build/fuzz/stub/empty.swift
done
if [ "${1:-}" = "--check" ]; then
  flags=()
  for target in suite arguments results trend merge compare; do
    flags+=(-D "$(echo "FUZZ_$target" | tr '[:lower:]' '[:upper:]')")
  done
  swiftc -typecheck -module-name StressKit -package-name stress -parse-as-library \
    -swift-version 6 "${flags[@]}" -I "$shim/include" -I .build/fuzz/stub $sources \
    fuzz/FuzzTargets.swift
  echo "fuzz targets: type-check passed"
  exit 0
fi
runs="${1:-1000000}"
mkdir -p .build/fuzz
# The engine's C shim (calls Swift cannot make), compiled apart and linked in.
shims=()
for c in "$shim"/*.c; do
  o=".build/fuzz/$(basename "${c%.c}").o"
  clang -c -O1 -fsanitize=address -I "$shim/include" "$c" -o "$o"
  shims+=("$o")
done
targets="${FUZZ_TARGETS:-suite arguments results trend merge compare}"
for target in $targets; do
  flag=$(echo "FUZZ_$target" | tr '[:lower:]' '[:upper:]')
  # One module, so the fuzz entry reaches internal parsers (the CLI's and the reports' imports
  # of StressKit become self-imports, which the compiler ignores with a warning).
  swiftc -O -module-name StressKit -package-name stress -parse-as-library -swift-version 6 \
    -sanitize=fuzzer,address -D "$flag" -I "$shim/include" -I .build/fuzz/stub $sources \
    fuzz/FuzzTargets.swift \
    "${shims[@]}" \
    -o ".build/fuzz/$target" 2> ".build/fuzz/$target.build.log" \
    || { cat ".build/fuzz/$target.build.log"; exit 1; }
  scratch=$(mktemp -d)
  cp "fuzz/corpus/$target"/* "$scratch"/
  echo "== $target: $runs runs"
  # A finding is reported by libFuzzer itself; the runtime's backtracer would only add noise.
  SWIFT_BACKTRACE=enable=no ".build/fuzz/$target" -runs="$runs" -artifact_prefix=".build/fuzz/$target-" "$scratch" 2>&1 | tail -2
  rm -rf "$scratch"
done
