#!/usr/bin/env bash
# lockbench's client against sysbench 1.0 on the same SQL and the same server.
#
# Starts ONE embedded server (bench/lockbench-serve: the lab's own EmbeddedServer), then for
# each strategy and thread count alternates two clients on it:
#   - sysbench running bench/sysbench/<strategy>.lua: the strategy's statements per order, as
#     text queries, on fresh tables in the database lockbench_sysbench;
#   - `lockbench run` with the same experiment: prepared statements through the C API, on
#     fresh tables in the database lockbench, without the lab's simulated network round trip
#     (--rtt-ms 0: sysbench has none, and the lab's default of 1 ms would halve its orders/s).
# Both are closed loops of --threads connections over TCP (or, with --socket, the server's unix
# socket, as the lab itself connects to its embedded server), uniform over --skus SKUs (1: one
# hot SKU), with a stock that never sells out, and by default without an fsync per commit
# (--flush-log). Each pair runs --repetitions times, the order of the two flipping every
# time; the table shows the medians of orders/s and lockbench/sysbench, against the goal of
# 1.10, and the lab's own CPU time per order against sysbench's, against the goal of 0.6
# from 8 clients on.
# Before measuring, it checks that both create the same tables (SHOW CREATE TABLE) and send
# the same statements per order (the server's general log, values left out).
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
duration=10
repetitions=3
threads_list="1 8 32"
strategies="conditional pessimistic"
skus=10000
stock=1000000
flush_log=2
socket=0
goal=1.10
cpu_goal=0.60
# The CPU goal is set from 8 clients on, where an event-driven client shares its wake-ups
# among several replies; one client has nothing to share.
cpu_goal_from=8
client_io=auto
strict=0
setup=1
build="$repo/build/default"

usage() {
    cat <<EOF
Usage: bench/compare.sh [options]

  --duration S       seconds per run (default $duration)
  --repetitions N    sysbench/lockbench pairs per cell; the table shows medians (default $repetitions)
  --threads "LIST"   client thread counts (default "$threads_list")
  --strategies "L"   strategies with a script in bench/sysbench (default "$strategies")
  --skus N           SKUs, each order picks one uniformly; 1 is one hot SKU (default $skus)
  --stock N          initial stock per SKU, large enough never to sell out (default $stock)
  --flush-log 0|1|2  innodb_flush_log_at_trx_commit for both clients (default $flush_log: no
                     fsync per commit, so that the disk, shared with whatever else runs, does
                     not drown the clients' difference; 1 is the server's own, durable setting)
  --socket           both clients connect through the server's unix socket, not TCP
  --client-io MODE   how lockbench drives its connections: auto, threads or events (default $client_io)
  --strict           exit 1 when a ratio misses its goal ($goal for orders/s; at most $cpu_goal for CPU
                     time, from $cpu_goal_from threads on)
  --build DIR        build directory holding app/lockbench and bench/lockbench-serve
                     (default build/default)
  --no-setup         do not run scripts/setup.sh (use what is built in --build)
  -h, --help         this help

Installs sysbench and jq when missing, runs scripts/setup.sh default, and writes every log
and JSON file to BUILD/compare/. The server's data directory is \$LOCKBENCH_DATA_DIR, else
BUILD/compare-data; with LOCKBENCH_BENCH_SERVER set to lockbench-serve's "ready" line, it uses
that server instead of starting one (bench/perf.sh does). Exit status: 0 when it ran (goals met or not, unless --strict), 1 on a
failure or, with --strict, a missed goal; 2 on bad arguments.
EOF
}

die() {
    echo "compare: $*" >&2
    exit 1
}

while (($# > 0)); do
    case "$1" in
    --duration) duration="${2:?--duration needs seconds}"; shift 2 ;;
    --repetitions) repetitions="${2:?--repetitions needs a count}"; shift 2 ;;
    --threads) threads_list="${2:?--threads needs a list}"; shift 2 ;;
    --strategies) strategies="${2:?--strategies needs a list}"; shift 2 ;;
    --skus) skus="${2:?--skus needs a count}"; shift 2 ;;
    --stock) stock="${2:?--stock needs a count}"; shift 2 ;;
    --flush-log) flush_log="${2:?--flush-log needs 0, 1 or 2}"; shift 2 ;;
    --socket) socket=1; shift ;;
    --client-io) client_io="${2:?--client-io needs auto, threads or events}"; shift 2 ;;
    --strict) strict=1; shift ;;
    --build) build="$(cd "${2:?--build needs a directory}" && pwd)"; shift 2 ;;
    --no-setup) setup=0; shift ;;
    -h | --help) usage; exit 0 ;;
    *) echo "compare: unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
done
for number in "$duration" "$repetitions" "$skus" "$stock" $threads_list; do
    [[ $number =~ ^[1-9][0-9]*$ ]] || { echo "compare: '$number' is not a positive whole number" >&2; exit 2; }
done
[[ $flush_log =~ ^[012]$ ]] || { echo "compare: --flush-log takes 0, 1 or 2" >&2; exit 2; }
[[ $client_io =~ ^(auto|threads|events)$ ]] || { echo "compare: --client-io takes auto, threads or events" >&2; exit 2; }
for strategy in $strategies; do
    [[ -f $repo/bench/sysbench/$strategy.lua ]] || { echo "compare: no bench/sysbench/$strategy.lua" >&2; exit 2; }
done

# --- what it needs -------------------------------------------------------------------------
# shellcheck source=bench/lib.sh
source "$repo/bench/lib.sh"
bench_install_missing sysbench jq
if ((setup)); then
    "$repo/scripts/setup.sh" default
fi
lockbench="$build/app/lockbench"
serve="$build/bench/lockbench-serve"
[[ -x $lockbench && -x $serve ]] || die "no $lockbench or $serve; build them first"

out="$build/compare"
mkdir -p "$out"
export LOCKBENCH_DATA_DIR="${LOCKBENCH_DATA_DIR:-$build/compare-data}"

# --- one server for the whole comparison ---------------------------------------------------
# bench/perf.sh starts the server itself and hands its "ready" line over in
# LOCKBENCH_BENCH_SERVER, so that every benchmark of its run shares that server.
if [[ -n ${LOCKBENCH_BENCH_SERVER:-} ]]; then
    ready="$LOCKBENCH_BENCH_SERVER"
    port="$(bench_ready_field "$ready" port)"
    server_pid="$(pgrep -f -- "--port=$port( |$)" | head -1 || true)"
    [[ -n $server_pid ]] || die "cannot find the server process on port $port"
else
    bench_start_server "$serve" "$out/serve.log"
    ready="$bench_ready"
    server_pid="$bench_server_pid"
    port="$(bench_ready_field "$ready" port)"
fi
socket_path="$(bench_ready_field "$ready" socket)"
if ((socket)); then
    lab_url="mysql://root@localhost/lockbench?socket=$socket_path"
    sysbench_connection=(--mysql-socket="$socket_path")
else
    lab_url="mysql://root@127.0.0.1:$port/lockbench"
    sysbench_connection=(--mysql-host=127.0.0.1 --mysql-port="$port")
fi
echo "compare: $ready"
ticks_per_s="$(getconf CLK_TCK)"
server_cpu_s() { awk -v hz="$ticks_per_s" '{ print ($14 + $15) / hz }' "/proc/$server_pid/stat"; }

sql() { mariadb --protocol=tcp -h 127.0.0.1 -P "$port" -u root -N -B -e "$1"; }
sql "CREATE DATABASE IF NOT EXISTS lockbench_sysbench CHARACTER SET utf8mb4"
# lockbench sets flush-log only on a server it started itself: this one is set here, for both.
sql "SET GLOBAL innodb_flush_log_at_trx_commit = $flush_log"

# What a run prints: orders/s, then the client's and the server's CPU time per order in µs.
# Throughput moves with whatever else the machine runs; CPU time per order much less so.
run_figures() { # orders/s orders "client_user client_sys" server_cpu_before server_cpu_after
    awk -v rate="$1" -v n="$2" -v client="$3" -v before="$4" -v after="$5" 'BEGIN {
        split(client, c, " "); printf "%s %.1f %.1f\n", rate, (c[1] + c[2]) * 1e6 / n, (after - before) * 1e6 / n }'
}
sysbench_run() { # strategy threads seconds log
    local script="$repo/bench/sysbench/$1.lua"
    local common=(--db-driver=mysql "${sysbench_connection[@]}" --mysql-user=root
        --mysql-db=lockbench_sysbench --skus="$skus" --stock="$stock")
    sysbench "$script" "${common[@]}" prepare >"$4" 2>&1 || die "sysbench prepare failed; see $4"
    local TIMEFORMAT='%3U %3S' client_cpu server_before server_after
    server_before="$(server_cpu_s)"
    client_cpu="$({ time sysbench "$script" "${common[@]}" --threads="$2" --time="$3" run >>"$4" 2>&1; } 2>&1)" \
        || die "sysbench failed; see $4"
    server_after="$(server_cpu_s)"
    # The scripts cannot see an order refused for want of stock (see conditional.lua): check
    # that every transaction sysbench counted is an order whose units left the stock.
    local counted audit
    counted="$(sed -n 's/^ *transactions: *\([0-9]*\) .*/\1/p' "$4")"
    audit="$(sql "SELECT (SELECT COUNT(*) FROM lockbench_sysbench.orders), (SELECT COALESCE(SUM(qty), 0) FROM
        lockbench_sysbench.orders), (SELECT SUM(s.initial_stock - i.stock) FROM lockbench_sysbench.sku s JOIN
        lockbench_sysbench.inventory i USING (sku_id))")"
    [[ $audit == "$counted"$'\t'*$'\t'* && $(cut -f2 <<<"$audit") == $(cut -f3 <<<"$audit") ]] \
        || die "sysbench's $1 run does not add up (transactions $counted; orders, units ordered, units taken: $audit); see $4"
    run_figures "$(sed -n 's/^ *transactions: *[0-9]* *(\([0-9.]*\) per sec.)/\1/p' "$4")" "$counted" "$client_cpu" \
        "$server_before" "$server_after"
}
lockbench_run() { # strategy threads seconds log json
    # Its CPU time includes its own set-up, sampling and audits, as `lockbench run` does them.
    local TIMEFORMAT='%3U %3S' client_cpu server_before server_after summary
    server_before="$(server_cpu_s)"
    client_cpu="$({ time "$lockbench" run --server "$lab_url" --strategy "$1" \
        --threads "$2" --client-io "$client_io" --rtt-ms 0 --duration "$3s" --skus "$skus" --stock "$stock" --quiet \
        --json "$5" >"$4" 2>&1; } 2>&1)" \
        || die "lockbench failed; see $4"
    server_after="$(server_cpu_s)"
    summary="$(jq -e -r '.strategies[0].summary | select(.verdict == "pass") | "\(.orders_per_s) \(.client_sold_orders)"' "$5")" \
        || die "lockbench's run did not pass its audit; see $5"
    run_figures "${summary% *}" "${summary#* }" "$client_cpu" "$server_before" "$server_after"
}

# --- the same tables and the same statements -----------------------------------------------
# Shapes of the transactions in a general log: per connection, the statements from START
# TRANSACTION to COMMIT or ROLLBACK, joined, with every number replaced by N.
order_shapes() {
    awk '
        { id = ""; text = "" }
        match($0, /^[^\t]*\t+ *[0-9]+ (Query|Execute)\t/) {
            head = substr($0, 1, RLENGTH - 1); text = substr($0, RLENGTH + 1)
            sub(/^[^\t]*\t+ */, "", head); split(head, part, " "); id = part[1]
        }
        id == "" { next }
        text == "START TRANSACTION" { open[id] = 1; shape[id] = text; next }
        !(id in open) { next }
        { gsub(/[0-9]+/, "N", text); shape[id] = shape[id] "; " text }
        text == "COMMIT" || text == "ROLLBACK" { print shape[id]; delete open[id] }
    ' "$1" | sort -u
}
check_same_sql() { # strategy
    local log_dir="/tmp" # the server writes the log: a path it can reach whatever its user
    local log="$log_dir/lockbench-compare-general-$$.log"
    local shapes=()
    for client in sysbench lockbench; do
        rm -f "$log"
        sql "SET GLOBAL general_log_file = '$log'; SET GLOBAL general_log = 1"
        if [[ $client == sysbench ]]; then
            sysbench_run "$1" 1 1 "$out/$1-sql-sysbench.log" >/dev/null
        else
            lockbench_run "$1" 1 1 "$out/$1-sql-lockbench.log" "$out/$1-sql-lockbench.json" >/dev/null
        fi
        sql "SET GLOBAL general_log = 0"
        order_shapes "$log" >"$out/$1-sql-$client.shapes"
        shapes+=("$out/$1-sql-$client.shapes")
    done
    rm -f "$log"
    [[ -s ${shapes[0]} ]] || die "no transactions in sysbench's general log for $1"
    if ! diff -u "${shapes[@]}" >"$out/$1-sql.diff"; then
        cat "$out/$1-sql.diff" >&2
        die "sysbench's $1.lua and lockbench's $1 send different statements per order"
    fi
    echo "compare: $1: the same statements per order: $(head -1 "${shapes[0]}")"
}
check_same_tables() {
    local table
    for table in sku orders inventory; do
        [[ "$(sql "SHOW CREATE TABLE lockbench.$table" | cut -f2)" == \
            "$(sql "SHOW CREATE TABLE lockbench_sysbench.$table" | cut -f2)" ]] \
            || die "table $table differs between the lab (strategies/labschema.cpp) and bench/sysbench/lab.lua"
    done
    echo "compare: sysbench's tables are the lab's (sku, orders, inventory)"
}

median() { # column lines...
    local column=$1
    shift
    printf '%s\n' "$@" | awk -v c="$column" '{ print $c }' | sort -g \
        | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

for strategy in $strategies; do
    check_same_sql "$strategy"
done
check_same_tables

# --- the measurement -----------------------------------------------------------------------
echo "compare: $duration s per run, $repetitions pairs per cell, $skus SKU(s) uniform, stock $stock, closed loop," \
    "innodb_flush_log_at_trx_commit=$flush_log, $( ((socket)) && echo "unix socket" || echo TCP), lockbench's client I/O $client_io"
: >"$out/ratios.tsv" # one line per ratio: what, ratio, goal, verdict (bench/perf.sh collects them)
rows=()
cpu_rows=()
missed=0
for strategy in $strategies; do
    for threads in $threads_list; do
        sysbench_runs=()
        lockbench_runs=()
        pair_ratios=()
        for ((rep = 1; rep <= repetitions; rep++)); do
            base="$out/$strategy-$threads-$rep"
            # The pair's order flips, so that neither client always follows the other's writes.
            for client in $( ((rep % 2)) && echo sysbench lockbench || echo lockbench sysbench); do
                if [[ $client == sysbench ]]; then
                    figures="$(sysbench_run "$strategy" "$threads" "$duration" "$base-sysbench.log")"
                    sysbench_runs+=("$figures")
                else
                    figures="$(lockbench_run "$strategy" "$threads" "$duration" "$base-lockbench.log" "$base.json")"
                    lockbench_runs+=("$figures")
                fi
            done
            # Each pair's own CPU ratio too: the cell's spread says how far its median can be trusted.
            pair_ratios+=("$(awk -v l="${lockbench_runs[-1]}" -v s="${sysbench_runs[-1]}" 'BEGIN {
                split(l, a, " "); split(s, b, " "); printf "%.2f", (b[2] > 0) ? a[2] / b[2] : 0 }')")
            printf 'compare: %-12s %3d threads, pair %d: sysbench %8.0f, lockbench %8.0f orders/s; CPU per order %s / %s µs (%s)\n' \
                "$strategy" "$threads" "$rep" "${sysbench_runs[-1]%% *}" "${lockbench_runs[-1]%% *}" \
                "$(cut -d' ' -f2 <<<"${sysbench_runs[-1]}")" "$(cut -d' ' -f2 <<<"${lockbench_runs[-1]}")" "${pair_ratios[-1]}"
        done
        pair_range="$(printf '%s\n' "${pair_ratios[@]}" | sort -g | sed -n '1p;$p' | paste -sd-)"
        s="$(median 1 "${sysbench_runs[@]}")"
        l="$(median 1 "${lockbench_runs[@]}")"
        ratio="$(awk -v l="$l" -v s="$s" 'BEGIN { printf "%.2f", (s > 0) ? l / s : 0 }')"
        verdict=pass
        awk -v r="$ratio" -v g="$goal" 'BEGIN { exit !(r >= g) }' || { verdict=FAIL; missed=$((missed + 1)); }
        rows+=("$(printf '%-12s %7d %14.0f %18.0f %7s %10s' "$strategy" "$threads" "$s" "$l" "$ratio" "$verdict")")
        printf '%s\t%s\t%s\t%s\n' "lockbench/sysbench, $strategy, $threads threads" "$ratio" "$goal" "$verdict" >>"$out/ratios.tsv"
        s_cpu="$(median 2 "${sysbench_runs[@]}")"
        l_cpu="$(median 2 "${lockbench_runs[@]}")"
        cpu_ratio="$(awk -v l="$l_cpu" -v s="$s_cpu" 'BEGIN { printf "%.2f", (s > 0) ? l / s : 0 }')"
        if ((threads >= cpu_goal_from)); then
            cpu_verdict=pass
            awk -v r="$cpu_ratio" -v g="$cpu_goal" 'BEGIN { exit !(r <= g) }' || { cpu_verdict=FAIL; missed=$((missed + 1)); }
            printf '%s\t%s\t%s\t%s\n' "lockbench/sysbench CPU time per order, $strategy, $threads threads" "$cpu_ratio" \
                "<= $cpu_goal" "$cpu_verdict" >>"$out/ratios.tsv"
        else
            cpu_verdict="no goal"
        fi
        cpu_rows+=("$(printf '%-12s %7d %9.0f %9.0f %10.0f %9.0f %7s %11s %10s' "$strategy" "$threads" \
            "$s_cpu" "$(median 3 "${sysbench_runs[@]}")" \
            "$l_cpu" "$(median 3 "${lockbench_runs[@]}")" "$cpu_ratio" "$pair_range" "$cpu_verdict")")
    done
done

echo
printf '%-12s %7s %14s %18s %7s %10s\n' strategy threads "sysbench tps" "lockbench orders/s" ratio "goal $goal"
printf '%s\n' "${rows[@]}"
echo
echo "CPU time per order in µs (medians): each client, then the server while that client ran; pairs: the lowest and highest ratio of one pair"
printf '%-12s %7s %9s %9s %10s %9s %7s %11s %10s\n' strategy threads "sysbench" "server" "lockbench" "server" ratio \
    "pairs" "goal <= $cpu_goal from $cpu_goal_from threads"
printf '%s\n' "${cpu_rows[@]}"
echo
if ((missed > 0)); then
    echo "compare: ratios that miss their goal: $missed; logs in $out"
    ((strict)) && exit 1
else
    echo "compare: every ratio meets its goal; logs in $out"
fi
exit 0
