#!/usr/bin/env bash
# Sets up (installs what is missing, builds) and starts the lab. Arguments go to lockbench,
# e.g. scripts/run.sh run --strategy all --skus 1 --stock 5000 --threads 32 --stop sold-out
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$repo/scripts/setup.sh" default
exec "$repo/build/default/app/lockbench" "$@"
