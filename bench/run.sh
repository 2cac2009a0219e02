#!/usr/bin/env bash
# Times mcplint (its whole rule catalog) against conftest running the five
# equivalent checks in bench/conftest/mcp.rego, as whole processes, in
# alternation, on generated monorepos of 1, 2,000 and 20,000 projects and
# on the 358-server MCP Registry seed. Prints a Markdown table for
# BENCHMARKS.md. Needs Go; installs conftest v0.71.1 with go install.
#
#   bash bench/run.sh [PAIRS]
set -euo pipefail
cd "$(dirname "$0")/.."
pairs="${1:-7}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

export GOBIN="$work/bin"
echo "installing conftest v0.71.1 and building mcplint…" >&2
GOFLAGS= go install github.com/open-policy-agent/conftest@v0.71.1
go build -o "$GOBIN/mcplint" ./cmd/mcplint
(cd bench && go build -o "$GOBIN/compare" ./compare)
(cd bench && go build -o "$GOBIN/gen" ./gen)

for n in 1 2000 20000; do
  "$GOBIN/gen" -n "$n" -o "$work/repo-$n"
done

mc="$GOBIN/mcplint check --no-config --format json"
cf="$GOBIN/conftest test --no-color --output json --policy bench/conftest"

echo "| input | mcplint (median) | mcplint peak RSS | conftest (median) | conftest peak RSS | mcplint / conftest |"
echo "|---|---|---|---|---|---|"
"$GOBIN/compare" -pairs "$pairs" -label "1 project (1 file)" \
  -a "$mc $work/repo-1/services/svc-00000/.mcp.json" -b "$cf $work/repo-1/services/svc-00000/.mcp.json"
for n in 2000 20000; do
  "$GOBIN/compare" -pairs "$pairs" -label "$n projects" -a "$mc $work/repo-$n" -b "$cf $work/repo-$n"
done
seed=../shared/corpus/registry/registry-seed-2025-09-21.json
if [ -f "$seed" ]; then
  "$GOBIN/compare" -pairs "$pairs" -label "registry seed (358 servers)" -a "$mc $seed" -b "$cf $seed"
fi
