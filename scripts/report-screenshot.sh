#!/usr/bin/env bash
# Renders a results CSV's HTML report in headless Chromium and saves a screenshot, to look at
# the page as a browser draws it. Installs Debian's chromium if it is missing.
#
#   scripts/report-screenshot.sh RESULTS.csv [OUT.png]
set -euo pipefail
cd "$(dirname "$0")/.."
csv="${1:?usage: scripts/report-screenshot.sh RESULTS.csv [OUT.png]}"
png="${2:-${csv%.csv}-report.png}"
html="${csv%.csv}-report.html"

if ! command -v chromium >/dev/null; then
  apt-get update -qq && apt-get install -y -qq chromium >/dev/null
fi
swift build -c release --product stress
"$(swift build -c release --show-bin-path)/stress" report "$csv" --html "$html"
# --no-sandbox: CI containers run as root, where Chromium's sandbox refuses to start.
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1200,2400 \
  --screenshot="$png" "file://$(realpath "$html")" 2>/dev/null
echo "Wrote $html and $png"
