#!/bin/sh
# Creates the secret files docker-compose.yml mounts (once; existing files are kept):
#   jwt-private.pem / jwt-public.pem  Ed25519 key pair: identity signs, every service verifies
#   pg-password, amqp-password, grafana-admin-password
set -eu
cd "$(dirname "$0")/secrets"
umask 077
[ -f jwt-private.pem ] || openssl genpkey -algorithm ed25519 -out jwt-private.pem
[ -f jwt-public.pem ] || openssl pkey -in jwt-private.pem -pubout -out jwt-public.pem
for f in pg-password amqp-password grafana-admin-password; do
  [ -f "$f" ] || openssl rand -base64 33 | tr -d '/+=\n' > "$f"
done
chmod 0644 jwt-public.pem
# the containers run as unprivileged users: let them read the files that are mounted as secrets
chmod 0444 jwt-private.pem pg-password amqp-password grafana-admin-password
echo "secrets ready in $(pwd)"
