#!/usr/bin/env bash
# The window under load: event-loop latency while N client threads (default 256) run with
# every chart live, and how long Stop takes. With --server URL --cli build/default/app/lockbench
# it also runs the experiment headless on that server and prints window/CLI orders/s
# (bench/perf.sh does). Runs under xvfb-run, so it needs no display.
# Usage: scripts/bench-gui.sh [threads] [--strategy ID] [--skus N] [--seconds S] [--server URL --cli PATH]
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$repo/scripts/setup.sh" default
export LOCKBENCH_DATA_DIR="${LOCKBENCH_DATA_DIR:-$repo/build/default/bench-data}"
exec xvfb-run -a -s "-screen 0 1600x1000x24" "$repo/build/default/tests/bench_guiresponsiveness" "${@:-256}"
