#!/usr/bin/env bash
# Runs a command with TEST_DATABASE_URL pointing at a throw-away PostgreSQL 15 cluster on loopback.
# Usage: scripts/with-postgres.sh <command...>   (PostgreSQL refuses to run as root: runuser postgres)
set -euo pipefail
port="${PG_TEST_PORT:-55432}"
dir="$(mktemp -d /tmp/wc-pg.XXXXXX)"
chown postgres "$dir"
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
as_pg initdb -D "$dir/data" -A trust -U postgres >/dev/null
as_pg pg_ctl -D "$dir/data" -l "$dir/log" -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" -w start >/dev/null
stop() { as_pg pg_ctl -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true; rm -rf "$dir"; }
trap stop EXIT
export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
echo "PostgreSQL $(as_pg postgres --version | awk '{print $3}') on 127.0.0.1:$port"
"$@"
