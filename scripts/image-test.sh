#!/usr/bin/env bash
# `npm run image:test`: builds the container image and runs it as an operator would, alone on its
# embedded database and with compose.yaml on PostgreSQL (docs/operations.md#the-container-image).
# Needs root and `apt-get install -y podman runc debootstrap podman-compose`; the base images are made
# here from Debian and npm packages when missing. Leaves no container, volume or network behind.
set -euo pipefail
source "$(dirname "$0")/image/lib.sh"
export IMAGE_TEST_STARTED="$(date +%s)"
for tool in podman runc debootstrap podman-compose openssl; do
  command -v "$tool" >/dev/null || fail "$tool is missing: apt-get install -y podman runc debootstrap podman-compose"
done
[ "$(id -u)" = 0 ] || fail "run as root (rootful podman: containers on this machine's loopback)"
[ -x "$root/node_modules/.bin/tsx" ] || fail "run npm ci first (the checks run through tsx)"
logs="$(mktemp -d /tmp/wc-image-test.XXXXXX)"
postgres_job=""
finish() {
  [ -z "$postgres_job" ] || kill "$postgres_job" 2>/dev/null || true
  rm -rf "$logs"
}
trap finish EXIT

step "base images: Debian minbase and node:24-slim"
"$root/scripts/image/base-images.sh" node
# postgres:15 is made meanwhile: mostly downloads, while the build mostly computes.
"$root/scripts/image/base-images.sh" postgres >"$logs/postgres.log" 2>&1 &
postgres_job=$!

step "application image from the Dockerfile"
"$root/scripts/image/build-app-image.sh" "$logs/build.log"
grep -E '^(added|removed) [0-9]+ packages|built in' "$logs/build.log" || true
wait "$postgres_job" || { cat "$logs/postgres.log" >&2; fail "the postgres:15 base image could not be made"; }
postgres_job=""
cat "$logs/postgres.log"

"$root/scripts/image/check-container.sh"
"$root/scripts/image/check-compose.sh"
echo
echo "image test passed in $(( $(date +%s) - IMAGE_TEST_STARTED )) s"
