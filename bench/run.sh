#!/usr/bin/env bash
# Times mcplint (its whole rule catalog) against conftest running the five
# equivalent checks in bench/conftest/mcp.rego, as whole processes, in
# alternation (medians), on monorepos made by bench/gen in two modes:
# realistic (one project in ten breaks a rule) and heavy (every project
# breaks five). Rows: one file; 2,000 projects realistic and heavy;
# 20,000 projects realistic and heavy (with peak RSS); then the ratio
# time(20,000) / time(2,000) of mcplint in each mode. Prints Markdown for
# BENCHMARKS.md. Needs Go; installs conftest v0.71.1 with go install.
#
#   bash bench/run.sh [PAIRS [PAIRS_AT_20000]]
#
# MCPLINT=path times that binary instead of building ./cmd/mcplint (to
# compare two builds on the same generated trees).
set -euo pipefail
cd "$(dirname "$0")/.."
pairs="${1:-5}"
bigpairs="${2:-3}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

export GOBIN="$work/bin"
echo "installing conftest v0.71.1 and building mcplint…" >&2
GOFLAGS= go install github.com/open-policy-agent/conftest@v0.71.1
if [ -n "${MCPLINT:-}" ]; then
  cp "$MCPLINT" "$GOBIN/mcplint"
else
  go build -o "$GOBIN/mcplint" ./cmd/mcplint
fi
(cd bench && go build -o "$GOBIN/compare" ./compare && go build -o "$GOBIN/gen" ./gen)

for mode in realistic heavy; do
  for n in 1 2000 20000; do
    "$GOBIN/gen" -n "$n" -mode "$mode" -o "$work/$mode-$n"
  done
done

mc="$GOBIN/mcplint check --no-config --format json"
cf="$GOBIN/conftest test --no-color --output json --policy bench/conftest"
rec="$work/record"

echo "load before: $(uptime)"
echo
echo "| input | mcplint wall | mcplint CPU | mcplint peak RSS | conftest wall | conftest CPU | conftest peak RSS | wall ratio | CPU ratio |"
echo "|---|---|---|---|---|---|---|---|---|"
one="$work/realistic-1/services/svc-00000/.mcp.json"
"$GOBIN/compare" -pairs "$pairs" -label "1 file" -a "$mc $one" -b "$cf $one"
for mode in realistic heavy; do
  "$GOBIN/compare" -pairs "$pairs" -record "$rec" -label "2000 $mode" -a "$mc $work/$mode-2000" -b "$cf $work/$mode-2000"
done
for mode in realistic heavy; do
  "$GOBIN/compare" -pairs "$bigpairs" -record "$rec" -label "20000 $mode" -a "$mc $work/$mode-20000" -b "$cf $work/$mode-20000"
done
seed=testdata/registry/registry-seed-2025-09-21.json
if [ -f "$seed" ]; then
  "$GOBIN/compare" -pairs "$pairs" -label "registry seed (358 servers)" -a "$mc $seed" -b "$cf $seed"
fi
echo
echo "| mode | mcplint time(20,000) / time(2,000) wall | CPU | conftest wall |"
echo "|---|---|---|---|"
for mode in realistic heavy; do
  awk -v m="$mode" '$1=="2000_"m {w=$2; c=$3; b=$4} $1=="20000_"m {W=$2; C=$3; B=$4}
    END {printf "| %s | %.1f | %.1f | %.1f |\n", m, W/w, C/c, B/b}' "$rec"
done
echo
echo "load after: $(uptime)"
