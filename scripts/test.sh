#!/usr/bin/env bash
# Sets up (installs what is missing, builds) and runs the whole test suite through ctest.
# The integration tests start their own private MariaDB in build/<preset>/test-data.
# Usage: scripts/test.sh [preset] [extra ctest arguments]
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
preset="${1:-default}"
shift || true
"$repo/scripts/setup.sh" "$preset"
cd "$repo"
ctest --preset "$preset" "$@"
