#!/usr/bin/env bash
# Builds the repository's Dockerfile with podman into localhost/wellness-challenge:test. The build
# stage's `npm ci` reads and fills this machine's npm cache (mounted at build time only, nothing of
# it lands in the image), so the packages `npm ci` already fetched here are not fetched again.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cache="$(npm config get cache)"
mkdir -p "$cache"
podman build --volume "$cache:/root/.npm" --tag "$app_image" "$root" >"${1:-/dev/stdout}" 2>&1 ||
  { [ -z "${1:-}" ] || tail -40 "$1" >&2; fail "the Dockerfile did not build"; }
echo "built $app_image ($(podman image inspect --format '{{.Size}}' "$app_image" | awk '{ printf "%d MB", $1 / 1e6 }'))"
