#!/usr/bin/env bash
# compose.yaml with podman-compose: the application image on PostgreSQL 15 with both volumes; the
# app is healthy, non-root and serves the generated admin; after `down` and `up` (new containers,
# same volumes) the accounts, the activity and the photo are still there. Port: IMAGE_TEST_PORT + 1
# (default 4311) on 127.0.0.1. podman-compose does not wait for `depends_on: condition:
# service_healthy`; this script does what docker compose does: the database first, until healthy.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
port="$(( ${IMAGE_TEST_PORT:-4310} + 1 ))"
project="wcimagetest$$"
url="http://127.0.0.1:$port"
app="${project}_app_1" db="${project}_db_1"

# The settings compose.yaml asks for; nothing else from this shell's environment reaches it.
compose() {
  env -i PATH="$PATH" HOME="$HOME" BUILDAH_FORMAT=docker \
    PUBLISH_ADDRESS=127.0.0.1 PORT="$port" APP_ORIGIN="$url" POSTGRES_PASSWORD="$secret" \
    JWT_SECRET="$jwt_secret" TOKEN_ENCRYPTION_KEY="$token_key" \
    podman-compose --project-name "$project" --file "$root/compose.yaml" \
    --podman-run-args "--runtime runc ${run_options[*]}" "$@" >"$log" 2>&1 || { cat "$log" >&2; fail "podman-compose $* failed"; }
}
secret="$(openssl rand -hex 16)" jwt_secret="$(openssl rand -base64 48)" token_key="$(openssl rand -base64 48)"
log="$(mktemp)"

cleanup() {
  local ids; ids="$(podman ps --all --quiet --filter "label=io.podman.compose.project=$project")"
  [ -z "$ids" ] || podman rm --force $ids >/dev/null 2>&1 || true
  podman volume rm --force "${project}_app-data" "${project}_pg-data" >/dev/null 2>&1 || true
  podman network rm --force "${project}_default" >/dev/null 2>&1 || true
  podman rmi "${project}_app" >/dev/null 2>&1 || true
  rm -f "$log"
}
trap cleanup EXIT

# The service `app` builds from this Dockerfile and context: the image just built from them is its image.
podman tag "$app_image" "${project}_app"

up() {
  compose up --detach --no-build db
  wait_healthy "$db" 60
  compose up --detach --no-build --no-deps app
  wait_healthy "$app"
  assert_not_root "$app"
}

step "compose on PostgreSQL: first start"
up
password="$(admin_password "$app")"
check_app seed "$url" "$password"
stop_cleanly "$app"

step "compose on PostgreSQL: down and up again"
compose down
[ -z "$(podman ps --all --quiet --filter "label=io.podman.compose.project=$project")" ] || fail "compose down left containers"
up
if podman logs "$app" 2>&1 | grep -q 'First admin created'; then fail "the second start created another admin: PostgreSQL lost its data"; fi
check_app verify "$url" "$password"
stop_cleanly "$app"
