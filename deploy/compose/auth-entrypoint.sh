#!/bin/sh
# docker-compose only: give auth a stable JWT signing key without committing one.
# AUTH_JWT_PRIVATE_KEY from the environment wins; otherwise a P-256 key for ES256 (PKCS#8 PEM) is created
# once in the auth-state volume and reused, so sessions survive container restarts.
set -eu
key_file=/var/lib/stundenplan/jwt-private-key.pem
if [ -z "${AUTH_JWT_PRIVATE_KEY:-}" ]; then
  if [ ! -s "$key_file" ]; then
    umask 077
    node -e "process.stdout.write(require('node:crypto').generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }))" > "$key_file.tmp"
    mv "$key_file.tmp" "$key_file"
  fi
  AUTH_JWT_PRIVATE_KEY=$(cat "$key_file")
  export AUTH_JWT_PRIVATE_KEY
fi
exec "$@"
