#!/usr/bin/env bash
# One lab against another, strategy by strategy: two lockbench binaries (for example a build of
# the commit before a change and one after it) run the same strategies in turn, before, after,
# before, …, so that whatever else the machine does falls on both alike. Each run is one
# `lockbench run` of every strategy on the lab's private MariaDB, in two settings: the default
# experiment (one hot SKU, 32 clients, a 1 ms round trip) and a 2 ms hold at 16 clients. The
# table shows each strategy's orders/s, median and range of each binary's runs, and whether the
# median after lies within the range before.
#
#   bench/beforeafter.sh BEFORE AFTER [--runs 5] [--duration 3s] [--strategy LIST] [--out DIR]
set -euo pipefail

runs=5
duration=3s
strategy=pessimistic,pessimistic-nowait,optimistic,conditional,naive,slotted,slotted-partitioned,procedure,two-sku-random,two-sku-sorted
out=""
die() { echo "beforeafter.sh: $*" >&2; exit 2; }
(($# >= 2)) || die "give two lockbench binaries: BEFORE AFTER (see --help)"
[[ $1 == -h || $1 == --help ]] && { sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0; }
before=$1
after=$2
shift 2
while (($#)); do
    case $1 in
    --runs) runs=${2:?}; shift 2 ;;
    --duration) duration=${2:?}; shift 2 ;;
    --strategy) strategy=${2:?}; shift 2 ;;
    --out) out=${2:?}; shift 2 ;;
    -h | --help) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown argument $1 (see --help)" ;;
    esac
done
[[ -x $before && -x $after ]] || die "$before and $after must both be lockbench binaries"
command -v python3 >/dev/null || die "python3 is needed to read the results"
out=${out:-$(mktemp -d /tmp/lockbench-beforeafter.XXXXXX)}
mkdir -p "$out"

# name | flags; the two-SKU strategies need two SKUs, so every setting has them.
settings=("default|--skus 2" "2 ms held, 16 clients|--skus 2 --delay-ms 2 --threads 16")
for ((run = 1; run <= runs; ++run)); do
    for index in "${!settings[@]}"; do
        IFS='|' read -r name flags <<<"${settings[$index]}"
        for side in before after; do
            binary=$before
            [[ $side == after ]] && binary=$after
            echo "run $run of $runs, $name, $side"
            # shellcheck disable=SC2086 # the flags are words
            LOCKBENCH_DATA_DIR="$out/data-$side" "$binary" run --strategy "$strategy" --duration "$duration" \
                $flags --quiet --json "$out/$index-$side-$run.json" >"$out/$index-$side-$run.log" 2>&1 ||
                echo "  exit $? (see $out/$index-$side-$run.log)"
        done
    done
done

python3 - "$out" "$runs" "${settings[@]}" <<'EOF'
import json, statistics, sys
out, runs, settings = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
for index, setting in enumerate(settings):
    print(f"\n{setting.split('|')[0]}: orders/s, median [range] of {runs} runs")
    rates = {}
    for side in ("before", "after"):
        for run in range(1, runs + 1):
            try:
                document = json.load(open(f"{out}/{index}-{side}-{run}.json"))
            except (OSError, ValueError):
                continue
            for entry in document.get("strategies", []):
                summary = entry["summary"]
                rates.setdefault(summary["strategy"], {}).setdefault(side, []).append(summary["orders_per_s"])
    print(f"{'strategy':22} {'before':>24} {'after':>24}  after's median within before's range")
    for strategy, sides in rates.items():
        b, a = sides.get("before", []), sides.get("after", [])
        cell = lambda v: f"{statistics.median(v):8.0f} [{min(v):.0f}–{max(v):.0f}]" if v else "-"
        within = "yes" if a and b and min(b) <= statistics.median(a) <= max(b) else "no"
        print(f"{strategy:22} {cell(b):>24} {cell(a):>24}  {within}")
EOF
echo "files: $out"
