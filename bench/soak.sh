#!/usr/bin/env bash
# Soak benchmark: runs one long experiment at many client threads against the embedded
# server and follows the lab's resident memory (VmRSS of the lockbench process; the server
# is a process of its own). Prints the RSS one minute in (after start-up and warm-up) and at
# the end; exits 1 when it grew by 10 MB or more.
# Usage: bench/soak.sh [minutes=30] [threads=256] [strategy=conditional]
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
minutes="${1:-30}"
threads="${2:-256}"
strategy="${3:-conditional}"
"$repo/scripts/setup.sh" default

out="$repo/build/default/soak"
mkdir -p "$out"
export LOCKBENCH_DATA_DIR="${LOCKBENCH_DATA_DIR:-$repo/build/default/bench-data}"
# 1000 SKUs with a large stock each: the run never sells out, so every minute does the same work.
"$repo/build/default/app/lockbench" run --strategy "$strategy" --threads "$threads" --skus 1000 \
    --stock 100000000 --skew zipf:1.1 --duration "${minutes}m" --json "$out/soak.json" >"$out/soak.log" 2>&1 &
pid=$!
trap 'kill "$pid" 2>/dev/null || true' EXIT

rss_kb() { awk '/^VmRSS:/ { print $2 }' "/proc/$pid/status" 2>/dev/null || echo 0; }
echo "seconds,rss_kb" >"$out/rss.csv"
start=$(date +%s)
baseline=0
peak=0
last=0
while kill -0 "$pid" 2>/dev/null; do
    now=$(($(date +%s) - start))
    rss=$(rss_kb)
    if ((rss > 0)); then
        echo "$now,$rss" >>"$out/rss.csv"
        last=$rss
        ((rss > peak)) && peak=$rss
        if ((baseline == 0 && now >= 60)); then
            baseline=$rss
            echo "soak: RSS after one minute: $((rss / 1024)) MB"
        fi
    fi
    sleep 5
done
trap - EXIT
if ! wait "$pid"; then
    echo "soak: lockbench failed; see $out/soak.log" >&2
    tail -5 "$out/soak.log" >&2
    exit 2
fi
if ((baseline == 0)); then
    echo "soak: the run ended within a minute; nothing to compare" >&2
    exit 2
fi
growth=$((last - baseline))
printf 'soak: %s, %s threads, %s min: RSS %d MB after 1 min, %d MB at the end (peak %d MB); growth %d KB\n' \
    "$strategy" "$threads" "$minutes" $((baseline / 1024)) $((last / 1024)) $((peak / 1024)) "$growth"
tail -2 "$out/soak.log"
echo "soak: RSS series in $out/rss.csv"
if ((growth >= 10240)); then
    echo "soak: FAILED: resident memory grew by 10 MB or more" >&2
    exit 1
fi
