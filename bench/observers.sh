#!/usr/bin/env bash
# What the lab's own observing costs the server it measures. The same experiment runs with every
# view on (--observe all), with each view off in turn (the sampler's server queries, the live
# audit, the lock inspector, the deadlock reader) and with none, in pairs whose order rotates so
# that drift falls on every setting alike; the inspector looks at 10 Hz (--sample-ms 100). Per
# client count and view it prints the median orders/s with and without the view, what the view
# costs (the median of the pairs' differences, with their range), the server's CPU with and
# without it, and how often the view looked and how long the server took to answer it.
# Nothing else should run on the machine meanwhile.
#
#   bench/observers.sh [--clients "8 32 256 4000"] [--pairs 3] [--duration 5s]
#                      [--strategy pessimistic] [--out DIR] [-- extra lockbench flags]
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
clients="8 32 256 4000"
pairs=3
duration=5s
strategy=pessimistic
out=""
extra=()
die() { echo "observers.sh: $*" >&2; exit 2; }
while (($#)); do
    case $1 in
    --clients) clients=${2:?}; shift 2 ;;
    --pairs) pairs=${2:?}; shift 2 ;;
    --duration) duration=${2:?}; shift 2 ;;
    --strategy) strategy=${2:?}; shift 2 ;;
    --out) out=${2:?}; shift 2 ;;
    --) shift; extra=("$@"); break ;;
    -h | --help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown argument $1 (see --help)" ;;
    esac
done
[[ $pairs =~ ^[1-9][0-9]*$ ]] || die "--pairs must be a whole number from 1 (got $pairs)"
command -v python3 >/dev/null || die "python3 is needed to read the results"
lockbench="$repo/build/default/app/lockbench"
[[ -x $lockbench ]] || "$repo/scripts/setup.sh" default
out=${out:-$(mktemp -d /tmp/lockbench-observers.XXXXXX)}
mkdir -p "$out"

# setting name | --observe value
settings=(
    "all|all"
    "no sampler|audit,inspector,deadlocks"
    "no audit|sampler,inspector,deadlocks"
    "no inspector|sampler,audit,deadlocks"
    "no deadlocks|sampler,audit,inspector"
    "none|none"
)
files=()
for n in $clients; do
    for ((pair = 0; pair < pairs; ++pair)); do
        for ((k = 0; k < ${#settings[@]}; ++k)); do
            setting=${settings[$(((k + pair) % ${#settings[@]}))]}
            name=${setting%%|*}
            file="$out/c$n-p$pair-${name// /-}.json"
            echo "clients $n, pair $((pair + 1)) of $pairs: $name ..." >&2
            "$lockbench" run -q --strategy "$strategy" --clients "$n" --duration "$duration" \
                --sample-ms 100 --observe "${setting#*|}" "${extra[@]}" --json "$file" \
                >"${file%.json}.log" 2>&1 || die "lockbench failed; see ${file%.json}.log"
            files+=("$n|$pair|$name|$file")
        done
    done
done

python3 - "${files[@]}" <<'PY'
import json, statistics, sys
runs = {}
for arg in sys.argv[1:]:
    n, pair, name, path = arg.split("|", 3)
    r = json.load(open(path))["strategies"][0]["summary"]
    cpu = r["server_cpu_s"] / r["cpu_wall_s"] * 1000 if r.get("server_cpu_s", -1) >= 0 else float("nan")
    runs[(int(n), int(pair), name)] = (r["orders_per_s"], cpu, r["observing"])
views = [("sampler", "no sampler"), ("audit", "no audit"), ("inspector", "no inspector"),
         ("deadlocks", "no deadlocks"), ("everything", "none")]
print("| clients | view | orders/s with, without | cost (range) | server CPU ms/s with, without | looks/s, server ms each |")
print("|---|---|---|---|---|---|")
worst = {}
for n in sorted({k[0] for k in runs}):
    pairs = sorted({k[1] for k in runs if k[0] == n})
    for view, without in views:
        on = [runs[(n, p, "all")] for p in pairs]
        off = [runs[(n, p, without)] for p in pairs]
        costs = [100 * (b[0] - a[0]) / b[0] for a, b in zip(on, off) if b[0] > 0]
        cost = statistics.median(costs)
        worst[n] = max(worst.get(n, -100), cost)
        looks = ""
        if view != "everything":
            o = [r[2][view] for r in on]
            looks = f"{statistics.median(x['looks_per_s'] for x in o):.1f}, " + \
                f"{statistics.median(x['ms'] / x['looks'] if x['looks'] else 0 for x in o):.2f} ms"
        print(f"| {n} | {view} | {statistics.median(r[0] for r in on):,.0f}, {statistics.median(r[0] for r in off):,.0f}"
              f" | {cost:+.1f} % ({min(costs):+.1f} to {max(costs):+.1f}) | "
              f"{statistics.median(r[1] for r in on):.0f}, {statistics.median(r[1] for r in off):.0f} | {looks} |")
print()
for n, cost in sorted(worst.items()):
    print(f"{n} clients: the costliest view takes {cost:+.1f} % of the orders/s (median of the pairs)")
PY
echo "results in $out" >&2
