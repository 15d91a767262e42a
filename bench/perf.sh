#!/usr/bin/env bash
# Every performance goal of the lab, in one run, on ONE embedded server:
#   1. lockbench against sysbench 1.0 on the same SQL (bench/compare.sh): conditional and
#      pessimistic at 1, 8 and 32 threads, goal lockbench/sysbench >= 1.10;
#   2. the roof (conditional, 10,000 SKUs uniform, 32 threads) against ONE hot SKU at 64
#      threads: queued with batches of 32 >= 3x the roof and >= 20x pessimistic;
#      slotted-partitioned with 16 slots >= 2x pessimistic;
#   3. the window: 256 threads with every chart live, event-loop latency p99 < 30 ms, and
#      orders/s >= 0.95x the headless CLI's on the same experiment;
#   4. scale: 1024 client threads, resident memory per worker < 256 KB beyond the client
#      library's own buffers;
# then the scaling chart (orders/s against client threads on one hot SKU) as PNG and SVG.
# Prints one table of every ratio against its goal at the end.
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="$repo/build/default"
duration=10
repetitions=3
flush_log=2
window_threads=256
scale_threads=1024
chart=1
window=1
sysbench=1

usage() {
    cat <<EOF
Usage: bench/perf.sh [options]

  --duration S       seconds per run (default $duration)
  --repetitions N    runs per figure; the table shows medians (default $repetitions)
  --flush-log 0|1|2  innodb_flush_log_at_trx_commit for every run (default $flush_log: no fsync per
                     commit, so that a shared disk does not decide the figures; 1 is durable)
  --no-sysbench      leave out the comparison with sysbench
  --no-window        leave out the window benchmark
  --no-chart         leave out the scaling sweep and its chart
  -h, --help         this help

Installs sysbench, jq and xvfb when missing, runs scripts/setup.sh default, and writes every
log, JSON file and chart to build/default/perf/. Takes about 15 minutes with the defaults, 21 with --repetitions 5.
Exit status: 0 when it ran (goals met or not), 1 on a failure, 2 on bad arguments.
EOF
}

while (($# > 0)); do
    case "$1" in
    --duration) duration="${2:?--duration needs seconds}"; shift 2 ;;
    --repetitions) repetitions="${2:?--repetitions needs a count}"; shift 2 ;;
    --flush-log) flush_log="${2:?--flush-log needs 0, 1 or 2}"; shift 2 ;;
    --no-sysbench) sysbench=0; shift ;;
    --no-window) window=0; shift ;;
    --no-chart) chart=0; shift ;;
    -h | --help) usage; exit 0 ;;
    *) echo "perf: unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
done
for number in "$duration" "$repetitions"; do
    [[ $number =~ ^[1-9][0-9]*$ ]] || { echo "perf: '$number' is not a positive whole number" >&2; exit 2; }
done
[[ $flush_log =~ ^[012]$ ]] || { echo "perf: --flush-log takes 0, 1 or 2" >&2; exit 2; }

die() {
    echo "perf: $*" >&2
    exit 1
}

# --- what it needs -------------------------------------------------------------------------
# shellcheck source=bench/lib.sh
source "$repo/bench/lib.sh"
bench_install_missing sysbench jq xvfb xauth
"$repo/scripts/setup.sh" default
lockbench="$build/app/lockbench"
serve="$build/bench/lockbench-serve"
gui_bench="$build/tests/bench_guiresponsiveness"
[[ -x $lockbench && -x $serve ]] || die "no $lockbench or $serve; build them first"

out="$build/perf"
rm -rf "$out"
mkdir -p "$out"
export LOCKBENCH_DATA_DIR="${LOCKBENCH_DATA_DIR:-$build/perf-data}"

# --- one server for everything -------------------------------------------------------------
bench_start_server "$serve" "$out/serve.log"
ready="$bench_ready"
echo "perf: $ready"
socket_path="$(bench_ready_field "$ready" socket)"
url="mysql://root@localhost/lockbench?socket=$socket_path"
mariadb -S "$socket_path" -u root -e "SET GLOBAL innodb_flush_log_at_trx_commit = $flush_log"
echo "perf: innodb_flush_log_at_trx_commit=$flush_log, $duration s per run, medians of $repetitions"

ratios="$out/ratios.tsv" # what, ratio, goal, verdict
: >"$ratios"
verdict() { awk -v r="$1" -v g="$2" -v below="${3:-0}" 'BEGIN { print ((below ? r < g : r >= g) ? "pass" : "FAIL") }'; }
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# --- 1. against sysbench -------------------------------------------------------------------
if ((sysbench)); then
    LOCKBENCH_BENCH_SERVER="$ready" "$repo/bench/compare.sh" --no-setup --build "$build" --socket \
        --duration "$duration" --repetitions "$repetitions" --flush-log "$flush_log" | tee "$out/compare.txt"
    cat "$build/compare/ratios.tsv" >>"$ratios"
fi

# --- 2. the roof and one hot SKU -----------------------------------------------------------
run_rate() { # name, lockbench flags...: prints orders/s of one run
    local name=$1
    shift
    "$lockbench" run --server "$url" --quiet --duration "${duration}s" --stock 100000000 --json "$out/$name.json" "$@" \
        >"$out/$name.log" 2>&1 || die "lockbench run $* failed; see $out/$name.log"
    jq -e -r '.strategies[0].summary | select(.verdict == "pass") | .orders_per_s' "$out/$name.json" \
        || die "the $name run did not pass its audit; see $out/$name.json"
}
declare -A hot=(
    [roof]="--strategy conditional --skus 10000 --threads 32"
    [pessimistic]="--strategy pessimistic --skus 1 --threads 64"
    [queued]="--strategy queued --skus 1 --threads 64 --batch 32"
    [slotted]="--strategy slotted-partitioned --skus 1 --threads 64 --slots 16"
)
declare -A rates=()
for ((rep = 1; rep <= repetitions; rep++)); do
    # A different order each time, so that no run always follows the same other.
    order=(roof pessimistic queued slotted)
    ((rep % 2 == 0)) && order=(slotted queued pessimistic roof)
    for name in "${order[@]}"; do
        # shellcheck disable=SC2086 # the flags are meant to split
        rate="$(run_rate "$name-$rep" ${hot[$name]})"
        rates[$name]+="$rate "
        printf 'perf: %-12s run %d: %8.0f orders/s  (%s)\n' "$name" "$rep" "$rate" "${hot[$name]}"
    done
done
for name in "${!hot[@]}"; do
    rates[$name]="$(tr ' ' '\n' <<<"${rates[$name]}" | grep . | median)"
done
hot_ratio() { # what numerator denominator goal
    local ratio
    ratio="$(awk -v a="${rates[$2]}" -v b="${rates[$3]}" 'BEGIN { printf "%.2f", a / b }')"
    printf '%s\t%s\t%s\t%s\n' "$1" "$ratio" "$4" "$(verdict "$ratio" "$4")" >>"$ratios"
}
printf 'perf: medians: roof %.0f, pessimistic %.0f, queued %.0f, slotted-partitioned %.0f orders/s\n' \
    "${rates[roof]}" "${rates[pessimistic]}" "${rates[queued]}" "${rates[slotted]}" | tee "$out/hot.txt"
hot_ratio "queued (batch 32), 1 hot SKU, 64 threads / roof" queued roof 3
hot_ratio "queued (batch 32) / pessimistic, 1 hot SKU, 64 threads" queued pessimistic 20
hot_ratio "slotted-partitioned (16 slots) / pessimistic, 1 hot SKU, 64 threads" slotted pessimistic 2

# --- 3. the window -------------------------------------------------------------------------
if ((window)); then
    [[ -x $gui_bench ]] || die "no $gui_bench; build it first"
    # The window's own embedded server would start on another data directory and stay idle.
    LOCKBENCH_DATA_DIR="$out/window-data" xvfb-run -a -s "-screen 0 1600x1000x24" "$gui_bench" "$window_threads" \
        --server "$url" --cli "$lockbench" --seconds $((duration + 5)) --repetitions "$repetitions" | tee "$out/window.txt"
    p99="$(sed -n 's/^event-loop latency, watching:.* p99 \([0-9.]*\) ms.*/\1/p' "$out/window.txt")"
    clicking="$(sed -n 's/^event-loop latency, clicking.* p99 \([0-9.]*\) ms.*/\1/p' "$out/window.txt")"
    share="$(sed -n 's/^window\/CLI: *\([0-9.]*\)/\1/p' "$out/window.txt")"
    [[ -n $p99 && -n $share && -n $clicking ]] || die "the window benchmark printed no figures; see $out/window.txt"
    printf '%s\t%s\t%s\t%s\n' "window, $window_threads threads, every chart live: event-loop p99 ms (goal: below)" "$p99" 30 \
        "$(verdict "$p99" 30 1)" >>"$ratios"
    printf '%s\t%s\t%s\t%s\n' "  the same, clicking through the chart tabs every second: p99 ms" "$clicking" "-" "shown" >>"$ratios"
    printf '%s\t%s\t%s\t%s\n' "window / headless CLI orders/s, $window_threads threads" "$share" 0.95 \
        "$(verdict "$share" 0.95)" >>"$ratios"
fi

# --- 4. scale ------------------------------------------------------------------------------
# Resident memory of `lockbench run` at its peak, with 1 and with 1024 client threads (a thread
# each; bench/flashcrowd.sh measures the event-driven clients up to 10,000); the difference per
# extra worker, less what Connector/C itself keeps per connection.
peak_rss_kb() { # threads
    /usr/bin/time -f '%M' -o "$out/rss-$1.txt" "$lockbench" run --server "$url" --quiet --strategy conditional \
        --skus 10000 --stock 100000000 --threads "$1" --client-io threads --duration "${duration}s" --json "$out/scale-$1.json" \
        >"$out/scale-$1.log" 2>&1 || die "lockbench with $1 threads failed; see $out/scale-$1.log"
    jq -e '.strategies[0].summary.verdict == "pass"' "$out/scale-$1.json" >/dev/null || die "the $1-thread run did not pass"
    cat "$out/rss-$1.txt"
}
one="$(peak_rss_kb 1)"
many="$(peak_rss_kb "$scale_threads")"
library_kb="$("$build/bench/lockbench-connbuffers" "$url" 64)" || die "cannot measure the client library's buffers"
per_worker="$(awk -v a="$many" -v b="$one" -v n="$scale_threads" -v lib="$library_kb" 'BEGIN { printf "%.0f", (a - b) / (n - 1) - lib }')"
echo "perf: peak RSS with 1 thread ${one} KB, with $scale_threads threads ${many} KB;" \
    "Connector/C keeps ${library_kb} KB per connection" | tee "$out/scale.txt"
printf '%s\t%s\t%s\t%s\n' "resident KB per worker at $scale_threads threads, beyond Connector/C's (goal below)" \
    "$per_worker" 256 "$(verdict "$per_worker" 256 1)" >>"$ratios"

# --- the scaling chart ---------------------------------------------------------------------
if ((chart)); then
    "$lockbench" sweep --server "$url" --quiet --strategy pessimistic,conditional,optimistic,slotted-partitioned,queued \
        --threads 1,4,16,64,256 --skus 1 --stock 100000000 --slots 16 --batch 32 --duration 5s \
        --json "$out/scaling.json" --charts "$out/charts" --chart-size 1000x560 >"$out/scaling.log" 2>&1 \
        || die "the scaling sweep failed; see $out/scaling.log"
    cp "$out/charts/orders-vs-threads.png" "$out/scaling.png"
    cp "$out/charts/orders-vs-threads.svg" "$out/scaling.svg"
    echo "perf: the scaling chart is $out/scaling.png (and .svg); every chart of the sweep is in $out/charts"
fi

# --- every goal ----------------------------------------------------------------------------
echo
printf '%-82s %8s %6s %s\n' "figure" "value" "goal" "verdict"
awk -F '\t' '{ printf "%-82s %8s %6s %s\n", $1, $2, $3, $4 }' "$ratios" | tee "$out/summary.txt"
missed="$(grep -c 'FAIL$' "$ratios" || true)"
echo
echo "perf: $missed of $(wc -l <"$ratios") figures miss their goal; logs in $out"
