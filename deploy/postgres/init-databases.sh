#!/bin/sh
# One database per bounded context (no service reads another's tables). Runs once, on an empty data volume.
set -eu
for ctx in identity projects rosters calling surveys reporting; do
  psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres \
    -c "CREATE DATABASE surveyops_${ctx} OWNER \"$POSTGRES_USER\""
done
