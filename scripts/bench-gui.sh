#!/usr/bin/env bash
# Measures how responsive the window stays under load: event-loop stalls while N client
# threads (default 256) run a hot-row pessimistic workload, and how long Stop takes.
# Runs under xvfb-run, so it needs no display. Usage: scripts/bench-gui.sh [threads]
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$repo/scripts/setup.sh" default
export LOCKBENCH_DATA_DIR="${LOCKBENCH_DATA_DIR:-$repo/build/default/bench-data}"
exec xvfb-run -a -s "-screen 0 1600x1000x24" "$repo/build/default/tests/bench_guiresponsiveness" "${1:-256}"
