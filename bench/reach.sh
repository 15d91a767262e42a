#!/usr/bin/env bash
# How close each strategy's rate comes to the bound its explanation names, over a matrix of
# settings: the default experiment, 2 and 10 ms of work held inside the transaction, and 8,
# 32 and 256 clients. Each cell is one `lockbench run --strategy all` (every strategy on fresh
# data, the lab's private MariaDB); the table shows, per strategy and setting, the bound the
# JSON's `explanation` names, its ceiling and the reach (orders/s over the ceiling), and a
# last line the cells whose reach falls outside 0.8–1.05. The default experiment is one hot SKU,
# 32 clients and a 1 ms round trip; nothing else should run on the machine meanwhile.
#
#   bench/reach.sh [--duration 5s] [--strategy all] [--out DIR] [-- extra lockbench flags]
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
duration=5s
strategy=all
out=""
extra=()
die() { echo "reach.sh: $*" >&2; exit 2; }
while (($#)); do
    case $1 in
    --duration) duration=${2:?}; shift 2 ;;
    --strategy) strategy=${2:?}; shift 2 ;;
    --out) out=${2:?}; shift 2 ;;
    --) shift; extra=("$@"); break ;;
    -h | --help) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown argument $1 (see --help)" ;;
    esac
done
command -v python3 >/dev/null || die "python3 is needed to read the results"
lockbench="$repo/build/default/app/lockbench"
[[ -x $lockbench ]] || "$repo/scripts/setup.sh" default
out=${out:-$(mktemp -d /tmp/lockbench-reach.XXXXXX)}
mkdir -p "$out"

# name | flags
settings=(
    "default, 32 clients|"
    "2 ms held|--delay-ms 2"
    "10 ms held|--delay-ms 10"
    "8 clients|--clients 8"
    "256 clients|--clients 256"
)
files=()
for setting in "${settings[@]}"; do
    name=${setting%%|*}
    read -r -a flags <<<"${setting#*|}"
    slug=${name//[ ,]/-}
    file="$out/$slug.json"
    echo "running $name (${flags[*]:-defaults}) ..." >&2
    "$lockbench" run -q --strategy "$strategy" --duration "$duration" "${flags[@]}" "${extra[@]}" \
        --json "$file" >"$out/$slug.log" 2>&1 || die "lockbench failed for $name; see $out/$slug.log"
    files+=("$name=$file")
done

python3 - "${files[@]}" <<'PY'
import json, sys
cells = {}
order = []
names = []
for arg in sys.argv[1:]:
    name, path = arg.split("=", 1)
    names.append(name)
    for entry in json.load(open(path))["strategies"]:
        r = entry["summary"]
        e = r.get("explanation", {})
        s = r["strategy"]
        if s not in order:
            order.append(s)
        cells[(s, name)] = (r["orders_per_s"], e.get("bound", "none"), e.get("ceiling_orders_per_s"), e.get("reach"), r["safe"])
print("| strategy | " + " | ".join(names) + " |")
print("|---|" + "---|" * len(names))
outside = []
for s in order:
    row = []
    for n in names:
        rate, bound, ceiling, reach, safe = cells.get((s, n), (0, "none", None, None, True))
        if reach is None:
            row.append(f"{rate:,.0f}/s, {bound}")
            if safe:
                outside.append(f"{s} @ {n}: no ceiling")
            continue
        row.append(f"{rate:,.0f}/s, {bound} {ceiling:,.0f}, **{reach:.2f}**")
        if safe and not 0.8 <= reach <= 1.05:
            outside.append(f"{s} @ {n}: {reach:.2f}")
    print(f"| {s} | " + " | ".join(row) + " |")
print()
print("safe strategies outside 0.80-1.05: " + ("; ".join(outside) if outside else "none"))
PY
echo "results in $out" >&2
