#!/usr/bin/env bash
# A flash crowd from one lab, on ONE embedded server (bench/lockbench-serve):
#   1. capacity: 10,000 event-driven clients on one hot SKU (pessimistic, conditional, queued)
#      and on 10,000 SKUs (conditional) each end with a clean audit;
#   2. memory: the lab's peak resident memory per client between 100 and 10,000 clients,
#      less what Connector/C itself keeps per non-blocking connection (lockbench-connbuffers
#      --events), goal below 32 KB;
#   3. deadlock detection: pessimistic and conditional on one hot SKU at 100, 1,000, 4,000 and
#      10,000 clients, innodb_deadlock_detect on and then off (two `lockbench sweep`s), with the
#      server's own figures: row-lock waits, deadlocks, the time a lock is held;
#   4. the window at 10,000 clients: event-loop latency p99, goal under 30 ms;
# then the scaling chart (orders/s against clients on one hot SKU, up to 10,000).
# Prints every figure against its goal at the end. Not a test: nothing here is timed by ctest.
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="$repo/build/default"
duration=20
clients_list="100 1000 4000 10000"
crowd=10000
window=1
chart=1
sweep=1

usage() {
    cat <<EOF
Usage: bench/flashcrowd.sh [options]

  --duration S        seconds per run (default $duration)
  --clients "LIST"    the deadlock-detection sweep's client counts (default "$clients_list")
  --crowd N           clients of the capacity and memory runs (default $crowd)
  --no-sweep          leave out the deadlock-detection sweep
  --no-window         leave out the window benchmark
  --no-chart          leave out the scaling chart
  -h, --help          this help

Installs jq, xvfb and time when missing, runs scripts/setup.sh default, and writes every log,
JSON file and chart to build/default/flashcrowd/. Needs an open-files limit (ulimit -n) of at
least the crowd plus 256, twice over for the server: the lab says so and stops if it is lower.
Takes about 25 minutes with the defaults on two cores.
Exit status: 0 when it ran (goals met or not), 1 on a failure, 2 on bad arguments.
EOF
}

while (($# > 0)); do
    case "$1" in
    --duration) duration="${2:?--duration needs seconds}"; shift 2 ;;
    --clients) clients_list="${2:?--clients needs a list}"; shift 2 ;;
    --crowd) crowd="${2:?--crowd needs a count}"; shift 2 ;;
    --no-sweep) sweep=0; shift ;;
    --no-window) window=0; shift ;;
    --no-chart) chart=0; shift ;;
    -h | --help) usage; exit 0 ;;
    *) echo "flashcrowd: unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
done
for number in "$duration" "$crowd" $clients_list; do
    [[ $number =~ ^[1-9][0-9]*$ ]] || { echo "flashcrowd: '$number' is not a positive whole number" >&2; exit 2; }
done
((crowd > 100)) || { echo "flashcrowd: --crowd must be above 100 (memory is measured between 100 and the crowd)" >&2; exit 2; }

die() {
    echo "flashcrowd: $*" >&2
    exit 1
}

# --- what it needs -------------------------------------------------------------------------
# shellcheck source=bench/lib.sh
source "$repo/bench/lib.sh"
bench_install_missing jq xvfb xauth time
"$repo/scripts/setup.sh" default
lockbench="$build/app/lockbench"
serve="$build/bench/lockbench-serve"
connbuffers="$build/bench/lockbench-connbuffers"
gui_bench="$build/tests/bench_guiresponsiveness"
[[ -x $lockbench && -x $serve && -x $connbuffers ]] || die "no $lockbench, $serve or $connbuffers; build them first"
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true

out="$build/flashcrowd"
rm -rf "$out"
mkdir -p "$out"
export LOCKBENCH_DATA_DIR="$out/data"
bench_start_server "$serve" "$out/serve.log"
port="$(bench_ready_field "$bench_ready" port)"
url="mysql://root@127.0.0.1:$port/lockbench"
echo "flashcrowd: $bench_ready"
ratios="$out/ratios.tsv"
: >"$ratios"
verdict() { # value goal [1: the value must stay below the goal]
    awk -v v="$1" -v g="$2" -v below="${3:-0}" 'BEGIN { ok = below ? v < g : v >= g; print ok ? "pass" : "FAIL" }'
}

# --- 1. and 2. capacity and memory -----------------------------------------------------------
# One `lockbench run` against the shared server, timed by /usr/bin/time: its peak resident
# memory (KB) and CPU seconds are the lab's alone, since the server is not its child.
crowd_run() { # name clients skus strategies
    /usr/bin/time -f '%M %U %S' -o "$out/$1.time" "$lockbench" run --server "$url" --quiet --strategy "$4" \
        --clients "$2" --skus "$3" --stock $(($3 == 1 ? 100000000 : 10000)) --duration "${duration}s" \
        --json "$out/$1.json" >"$out/$1.log" 2>&1 || die "$1: lockbench failed; see $out/$1.log"
    jq -e '[.strategies[].summary.verdict] | all(. == "pass")' "$out/$1.json" >/dev/null \
        || die "$1: a strategy did not pass its audit; see $out/$1.log"
    jq -r '.strategies[] | "flashcrowd: '"$1"' \(.summary.strategy): \(.summary.orders_per_s | floor) orders/s, \(.summary.verdict)"' \
        "$out/$1.json"
}
crowd_run hot "$crowd" 1 pessimistic,conditional,queued
crowd_run spread "$crowd" 10000 conditional
crowd_run small 100 10000 conditional
printf '%s\t%s\t%s\t%s\n' "$crowd clients, 1 hot SKU, pessimistic+conditional+queued: audits pass" 1 1 pass >>"$ratios"
printf '%s\t%s\t%s\t%s\n' "$crowd clients, 10,000 SKUs, conditional: audit passes" 1 1 pass >>"$ratios"

library_kb="$("$connbuffers" --events "$url" 1000)" || die "cannot measure the client library's buffers"
read -r small_kb _ <"$out/small.time"
read -r spread_kb spread_user spread_sys <"$out/spread.time"
per_client="$(awk -v a="$spread_kb" -v b="$small_kb" -v n="$crowd" -v lib="$library_kb" 'BEGIN { printf "%.1f", (a - b) / (n - 100) - lib }')"
echo "flashcrowd: peak RSS with 100 clients ${small_kb} KB, with $crowd clients ${spread_kb} KB;" \
    "Connector/C keeps ${library_kb} KB per non-blocking connection" | tee "$out/memory.txt"
printf '%s\t%s\t%s\t%s\n' "resident KB per client at $crowd clients, beyond Connector/C's (goal below)" \
    "$per_client" 32 "$(verdict "$per_client" 32 1)" >>"$ratios"
cpu_us="$(jq -r --arg user "$spread_user" --arg sys "$spread_sys" \
    '(($user | tonumber) + ($sys | tonumber)) * 1e6 / .strategies[0].summary.client_sold_orders | floor' "$out/spread.json")"
printf '%s\t%s\t%s\t%s\n' "the lab's CPU µs per order at $crowd clients, 10,000 SKUs" "$cpu_us" "-" shown >>"$ratios"

# --- 3. deadlock detection under thousands of waiters --------------------------------------
if ((sweep)); then
    list="$(tr ' ' ',' <<<"$clients_list")"
    for detect in on off; do
        "$lockbench" sweep --server "$url" --quiet --strategy pessimistic,conditional --skus 1 --stock 100000000 \
            --clients "$list" --deadlock-detect "$detect" --duration "${duration}s" --warmup 2s \
            --json "$out/detect-$detect.json" >"$out/detect-$detect.log" 2>&1 \
            || die "the sweep with deadlock detection $detect failed; see $out/detect-$detect.log"
    done
    {
        printf '%-12s %8s %7s %10s %10s %12s %10s %12s\n' strategy clients detect "orders/s" "p99 ms" "lock waits/s" deadlocks \
            "lock hold ms"
        for detect in on off; do
            jq -r --arg d "$detect" '.strategies[] | [.summary.strategy, .experiment.threads, $d, .summary.orders_per_s,
                .summary.p99_ms, (.summary.lock_waits / .summary.measured_s), .summary.deadlocks, .summary.lock_hold_ms] | @tsv' \
                "$out/detect-$detect.json"
        done | sort -k1,1 -k2,2n -k3,3r | awk -F '\t' '{ printf "%-12s %8s %7s %10.0f %10.0f %12.0f %10s %12.1f\n", $1, $2, $3, $4, $5, $6, $7, $8 }'
    } | tee "$out/detect.txt"
fi

# --- 4. the window at 10,000 clients ---------------------------------------------------------
if ((window)); then
    [[ -x $gui_bench ]] || die "no $gui_bench; build it first"
    LOCKBENCH_DATA_DIR="$out/window-data" xvfb-run -a -s "-screen 0 1600x1000x24" "$gui_bench" "$crowd" \
        --server "$url" --cli "$lockbench" --seconds "$duration" --repetitions 1 | tee "$out/window.txt"
    p99="$(sed -n 's/^event-loop latency, watching:.* p99 \([0-9.]*\) ms.*/\1/p' "$out/window.txt")"
    [[ -n $p99 ]] || die "the window benchmark printed no figures; see $out/window.txt"
    printf '%s\t%s\t%s\t%s\n' "window, $crowd clients, every chart live: event-loop p99 ms (goal: below)" "$p99" 30 \
        "$(verdict "$p99" 30 1)" >>"$ratios"
fi

# --- the scaling chart -----------------------------------------------------------------------
if ((chart)); then
    "$lockbench" sweep --server "$url" --quiet --strategy pessimistic,conditional,optimistic,slotted-partitioned,queued \
        --clients 1,16,256,1000,4000,10000 --skus 1 --stock 100000000 --slots 16 --batch 32 --duration 10s \
        --json "$out/scaling.json" --charts "$out/charts" --chart-size 1000x560 >"$out/scaling.log" 2>&1 \
        || die "the scaling sweep failed; see $out/scaling.log"
    cp "$out/charts/orders-vs-threads.png" "$out/scaling.png"
    cp "$out/charts/orders-vs-threads.svg" "$out/scaling.svg"
    echo "flashcrowd: the scaling chart is $out/scaling.png (and .svg)"
fi

# --- every goal ------------------------------------------------------------------------------
echo
printf '%-82s %8s %6s %s\n' "figure" "value" "goal" "verdict"
awk -F '\t' '{ printf "%-82s %8s %6s %s\n", $1, $2, $3, $4 }' "$ratios" | tee "$out/summary.txt"
echo
echo "flashcrowd: $(grep -c 'FAIL$' "$ratios" || true) of $(wc -l <"$ratios") figures miss their goal; logs in $out"
