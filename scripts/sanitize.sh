#!/usr/bin/env bash
# The harness's own test suite under ThreadSanitizer: the engine's threads, gates and
# worker plumbing must be race-free. (TSan is blind inside the toolchain's Foundation, which is
# not instrumented; that is why the stress harness exists.)
set -euo pipefail
cd "$(dirname "$0")/.."
swift test --sanitize=thread "$@"
