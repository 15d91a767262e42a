#!/usr/bin/env bash
# Fails, naming each file, when a C++ file of the tree differs from what .clang-format makes of
# it (clang-format 14, Debian 12's). `scripts/check-format.sh --fix` formats them instead.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
command -v clang-format >/dev/null || { echo "check-format: clang-format is not installed (scripts/setup.sh installs it)" >&2; exit 2; }
mapfile -t files < <(find app strategies ui tests bench -name '*.cpp' -o -name '*.h' | sort)
if [[ ${1:-} == --fix ]]; then
    clang-format -i "${files[@]}"
    exit 0
fi
# One clang-format for all files; each difference is reported as "file:line:col: error: …".
mapfile -t unformatted < <(clang-format --dry-run "${files[@]}" 2>&1 | grep -oE '^[^:]+\.(cpp|h):[0-9]+:[0-9]+: (error|warning)' | cut -d: -f1 | sort -u)
if ((${#unformatted[@]} > 0)); then
    echo "check-format: ${#unformatted[@]} files differ from .clang-format (scripts/check-format.sh --fix formats them):" >&2
    printf '  %s\n' "${unformatted[@]}" >&2
    exit 1
fi
echo "check-format: ${#files[@]} files formatted as .clang-format says"
