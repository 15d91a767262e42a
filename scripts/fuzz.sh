#!/usr/bin/env bash
# Builds the libFuzzer targets (preset "fuzz": clang, ASan+UBSan) and runs each for SECONDS.
# Usage: scripts/fuzz.sh [seconds per target, default 60]
# New inputs go to build/fuzz/corpus/<target> (the seeds in tests/fuzz/corpus stay as they
# are), crash inputs to build/fuzz/crashes/. Exits non-zero when any target found a crash or
# broke a property; replay an input with build/fuzz/tests/fuzz/<target> FILE.
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
seconds="${1:-60}"
[[ $seconds =~ ^[1-9][0-9]*$ ]] || { echo "usage: scripts/fuzz.sh [seconds per target]" >&2; exit 2; }

# libFuzzer and the sanitizer runtimes come with clang's runtime package.
missing=()
for package in clang libclang-rt-14-dev; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if ((${#missing[@]} > 0)); then
    echo "lockbench: installing ${missing[*]}"
    sudo=()
    [[ $(id -u) -eq 0 ]] || sudo=(sudo)
    "${sudo[@]}" apt-get update -q
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

# The project's own packages, then configure and build the fuzz preset (its targets only).
"$repo/scripts/setup.sh" fuzz

build="$repo/build/fuzz"
mkdir -p "$build/crashes"
failed=()
for target in fuzz_experiment_json fuzz_server_url; do
    corpus="$build/corpus/$target"
    mkdir -p "$corpus"
    log="$build/$target.log"
    echo "== $target: ${seconds}s"
    # The parsers lean on Qt, which is not instrumented: a dictionary of their words helps.
    dict=()
    [[ -f $repo/tests/fuzz/$target.dict ]] && dict=(-dict="$repo/tests/fuzz/$target.dict")
    status=0
    "$build/tests/fuzz/$target" "${dict[@]}" -max_total_time="$seconds" -timeout=10 -print_final_stats=1 \
        -artifact_prefix="$build/crashes/$target-" "$corpus" "$repo/tests/fuzz/corpus/$target" >"$log" 2>&1 || status=$?
    grep -E '^#[0-9]+[[:space:]]+DONE' "$log" | tail -1 || true
    grep -E 'stat::number_of_executed_units|stat::peak_rss_mb' "$log" || true
    echo "   corpus: $(find "$corpus" -type f | wc -l) inputs in $corpus"
    if ((status != 0)); then
        grep -E 'ERROR|property broken|SUMMARY|artifact' "$log" | head -20 >&2 || true
        echo "lockbench: $target failed (exit $status); full log in $log" >&2
        failed+=("$target")
    fi
done
if ((${#failed[@]} > 0)); then
    echo "lockbench: crashes found by ${failed[*]}" >&2
    exit 1
fi
echo "lockbench: no crash found"
