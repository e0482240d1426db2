#!/usr/bin/env bash
# Checks the deployment files with whatever tools this machine has:
#   - docker-compose.yml: `docker-compose config -q` (or `docker compose config -q`)
#   - Helm chart: `helm lint --strict`, `helm template` for several value sets, then kubeconform
#     -strict (or kubernetes-models when kubeconform is missing); a misspelt value must be refused
#   - the static tests of deploy/ (vitest project "deploy"), which need neither tool
# A missing tool is reported as SKIPPED, never as success. Exits non-zero if any check failed.
set -uo pipefail

cd "$(dirname "$0")/.." || exit 2
chart=deploy/helm/stundenplan
failures=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

pass() { echo "PASSED: $*"; }
fail() { echo "FAILED: $*"; failures=$((failures + 1)); }
skip() { echo "SKIPPED: $*"; }

# Runs a command, showing its output only when it fails.
run() {
  local what=$1
  shift
  if "$@" >"$tmp/out" 2>&1; then
    pass "$what"
  else
    cat "$tmp/out"
    fail "$what"
  fi
}

echo "== docker-compose.yml"
# SERVICE_TOKEN_KEY is required by the file (no default): check with a throwaway key, and that it is refused without one.
compose_key=$(head -c 32 /dev/urandom | base64)
if command -v docker-compose >/dev/null 2>&1; then
  run "docker-compose config -q ($(docker-compose version --short 2>/dev/null || echo '?'))" \
    env SERVICE_TOKEN_KEY="$compose_key" docker-compose -f docker-compose.yml config -q
  run "docker-compose refuses to start without SERVICE_TOKEN_KEY" \
    bash -c '! env -u SERVICE_TOKEN_KEY docker-compose -f docker-compose.yml --env-file /dev/null config -q'
elif docker compose version >/dev/null 2>&1; then
  run "docker compose config -q" env SERVICE_TOKEN_KEY="$compose_key" docker compose -f docker-compose.yml config -q
  run "docker compose refuses to start without SERVICE_TOKEN_KEY" \
    bash -c '! env -u SERVICE_TOKEN_KEY docker compose -f docker-compose.yml --env-file /dev/null config -q'
else
  skip "docker-compose not installed (apt-get install -y docker-compose)"
fi

echo "== Helm chart"
if command -v helm >/dev/null 2>&1; then
  # Value sets that switch every conditional branch of the templates.
  value_sets=(
    ""
    "--set schedulingSolver.autoscaling.enabled=false --set ingress.enabled=false"
    "--set secret.existingSecret=prod --set ingress.tls.enabled=true --set ingress.host= --set fullnameOverride=sp"
    "--set networkPolicy.enabled=false --set gateway.enabled=false"
  )
  i=0
  for values in "${value_sets[@]}"; do
    # shellcheck disable=SC2086 # the value set is a list of flags
    run "helm lint --strict ${values:-(defaults)}" helm lint --strict "$chart" $values
    # shellcheck disable=SC2086
    if helm template check "$chart" $values >"$tmp/rendered-$i.yaml" 2>"$tmp/out"; then
      pass "helm template ${values:-(defaults)}"
    else
      cat "$tmp/out"
      fail "helm template ${values:-(defaults)}"
    fi
    i=$((i + 1))
  done

  if helm lint --strict "$chart" --set auth.replcias=2 >"$tmp/out" 2>&1; then
    fail "helm lint accepted a misspelt value (auth.replcias): values.schema.json is not applied"
  else
    pass "helm lint refuses a misspelt value (auth.replcias)"
  fi

  if command -v kubeconform >/dev/null 2>&1; then
    run "kubeconform -strict" kubeconform -strict -summary "$tmp"/rendered-*.yaml
  elif node -e "import('kubernetes-models/v1/Service')" >/dev/null 2>&1; then
    for f in "$tmp"/rendered-*.yaml; do
      run "kubernetes-models validation of $(basename "$f")" sh -c "node deploy/helm/validate-manifests.mjs < '$f'"
    done
  else
    skip "manifest schema validation: neither kubeconform nor the npm package kubernetes-models is installed"
  fi
else
  skip "helm not installed: helm lint / helm template not run (the static chart tests below still run)"
fi

echo "== static tests (vitest project deploy)"
if [ -x node_modules/.bin/vitest ]; then
  run "vitest --project deploy" node_modules/.bin/vitest run --project deploy
else
  skip "node_modules missing: run npm ci first"
fi

if [ "$failures" -gt 0 ]; then
  echo "check-deploy: $failures check(s) failed"
  exit 1
fi
echo "check-deploy: all checks that could run passed"
