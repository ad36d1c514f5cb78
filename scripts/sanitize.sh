#!/usr/bin/env bash
# The harness's own test suite under ThreadSanitizer: the engine's threads, gates and worker
# plumbing must be race-free. Subjects' deliberate races are suppressed (see
# tsan-suppressions.txt). TSan is blind inside the toolchain's Foundation, which is not
# instrumented: that is why the stress harness exists at all.
set -euo pipefail
cd "$(dirname "$0")/.."
export TSAN_OPTIONS="suppressions=$PWD/scripts/tsan-suppressions.txt ${TSAN_OPTIONS:-}"
swift test --sanitize=thread "$@"
