#!/usr/bin/env bash
# Solver benchmark: runs services/scheduling-solver/bench/run.js (instances, checker and reference
# optima in services/scheduling-solver/bench/) against the built CLI. Extra arguments go to run.js, e.g.
#   bash scripts/bench-solver.sh --only 'tight|large' --timeout 30 --out /tmp/results.json
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo"
cli="services/scheduling-solver/dist/cli.js"
if [ ! -f "$cli" ]; then
  echo "bench-solver: $cli fehlt – zuerst bauen: npx turbo run build --filter=@stundenplan/scheduling-solver-service" >&2
  exit 2
fi
# First the make-up suggestions (bench/makeup.js: time to answer for a 99-student class, checked by brute force).
node services/scheduling-solver/bench/makeup.js
exec node services/scheduling-solver/bench/run.js --solver "node $cli" "$@"
