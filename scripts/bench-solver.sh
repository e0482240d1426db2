#!/usr/bin/env bash
# Solver benchmark: runs ../shared/bench/solver/run.sh against the built CLI
# (services/scheduling-solver/dist/cli.js). Extra arguments go to run.sh, e.g.
#   bash scripts/bench-solver.sh --only 'tight|large' --timeout 30 --out /tmp/results.json
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
shared="$(cd "$repo/.." && pwd)/shared"
bench="$shared/bench/solver/run.sh"
if [ ! -f "$bench" ]; then
  echo "bench-solver: $bench not found - the shared/ folder must sit next to the repository (../shared)." >&2
  exit 2
fi
cli="services/scheduling-solver/dist/cli.js"
if [ ! -f "$repo/$cli" ]; then
  echo "bench-solver: $cli is missing - build it first: (cd services/scheduling-solver && npx tsc -p tsconfig.build.json)" >&2
  exit 2
fi
cd "$repo"
exec bash "$bench" "node $cli" "$@"
