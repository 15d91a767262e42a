#!/usr/bin/env bash
# Sets up (installs what is missing, builds) and runs the whole test suite through ctest.
# The integration tests start their own private MariaDB, each in build/<preset>/test-data/<test>,
# so that ctest runs as many at once as the machine has cores (the cluster and the thousands of
# clients run alone). Each step says how long it took.
# Usage: scripts/test.sh [preset] [extra ctest arguments]
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
preset="${1:-default}"
shift || true
from=$SECONDS
"$repo/scripts/setup.sh" "$preset"
echo "test.sh: set up and built $preset in $((SECONDS - from)) s"
cd "$repo"
from=$SECONDS
status=0
ctest --preset "$preset" --parallel "$(nproc)" "$@" || status=$?
echo "test.sh: ran the $preset tests in $((SECONDS - from)) s"
exit $status
