#!/usr/bin/env bash
# Builds the .deb without the tests (the "package" preset, into build/package) and checks it
# with lintian, Debian's own checker, which must find nothing to say. Set DEBFULLNAME and
# DEBEMAIL (or -DLOCKBENCH_MAINTAINER at configure time) to name the package's maintainer.
# Usage: scripts/package.sh
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$repo/scripts/setup.sh" package
shopt -s nullglob
debs=("$repo"/build/package/lockbench_*.deb)
if ((${#debs[@]} != 1)); then
    echo "package.sh: expected one lockbench_*.deb in build/package, found ${#debs[@]}" >&2
    exit 1
fi
lintian --fail-on error,warning "${debs[0]}"
echo "package.sh: ${debs[0]} (lintian: no error or warning)"
