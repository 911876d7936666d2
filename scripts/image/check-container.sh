#!/usr/bin/env bash
# The application image alone, on its embedded database: started with a volume, healthy, serving the
# generated admin as a non-root process; replaced by a new container on the same volume, it still has
# the accounts, the activity and the photo. Port: IMAGE_TEST_PORT (default 4310) on 127.0.0.1.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
port="${IMAGE_TEST_PORT:-4310}"
name="wc-image-test-$$"
volume="$name-data"
url="http://127.0.0.1:$port"

cleanup() { podman rm --force --ignore "$name-1" "$name-2" >/dev/null 2>&1 || true; podman volume rm --force "$volume" >/dev/null 2>&1 || true; }
trap cleanup EXIT
podman volume create "$volume" >/dev/null
run() { podman run --detach "${run_options[@]}" --name "$1" --publish "127.0.0.1:$port:3000" --volume "$volume:/data" --env "APP_ORIGIN=$url" "$app_image" >/dev/null || fail "$1 did not start (is 127.0.0.1:$port free?)"; }

step "image on PGlite: first start"
run "$name-1"
wait_healthy "$name-1"
assert_not_root "$name-1"
password="$(admin_password "$name-1")"
check_app seed "$url" "$password"
stop_cleanly "$name-1"

step "image on PGlite: a new container on the same volume"
podman rm "$name-1" >/dev/null
run "$name-2"
wait_healthy "$name-2"
assert_not_root "$name-2"
if podman logs "$name-2" 2>&1 | grep -q 'First admin created'; then fail "the second start created another admin: the volume lost the database"; fi
check_app verify "$url" "$password"
stop_cleanly "$name-2"
