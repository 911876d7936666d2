#!/bin/sh
# Entrypoint of the postgres:15 stand-in: as root, hands PGDATA to the postgres user and runs itself
# again as that user; the first start creates the cluster (superuser POSTGRES_USER with
# POSTGRES_PASSWORD, database POSTGRES_DB), then PostgreSQL listens on every container address.
set -eu
: "${POSTGRES_USER:=postgres}" "${POSTGRES_DB:=$POSTGRES_USER}"
if [ "$(id -u)" = 0 ]; then
  mkdir -p "$PGDATA" /run/postgresql
  chown -R postgres:postgres "$PGDATA" /run/postgresql
  chmod 700 "$PGDATA"
  exec setpriv --reuid=postgres --regid=postgres --init-groups "$0" "$@"
fi
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  [ -n "${POSTGRES_PASSWORD:-}" ] || { echo "POSTGRES_PASSWORD is required" >&2; exit 1; }
  pwfile="$(mktemp)"
  printf '%s\n' "$POSTGRES_PASSWORD" >"$pwfile"
  initdb -D "$PGDATA" -U "$POSTGRES_USER" --pwfile="$pwfile" -E UTF8 --locale=C.UTF-8 --auth-local=trust --auth-host=scram-sha-256 >/dev/null
  rm -f "$pwfile"
  echo 'host all all all scram-sha-256' >>"$PGDATA/pg_hba.conf"
  if [ "$POSTGRES_DB" != postgres ]; then
    echo "CREATE DATABASE \"$POSTGRES_DB\" OWNER \"$POSTGRES_USER\"" | postgres --single -D "$PGDATA" postgres >/dev/null
  fi
  echo "database cluster created in $PGDATA"
fi
if [ "$1" = postgres ]; then shift; exec postgres -D "$PGDATA" -c listen_addresses='*' "$@"; fi
exec "$@"
