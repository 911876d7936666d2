#!/usr/bin/env bash
# Builds the repository's Dockerfile with podman into localhost/wellness-challenge:test. The build
# stage's `npm ci` reads and fills this machine's npm cache (mounted at build time only, nothing of
# it lands in the image), so the packages `npm ci` already fetched here are not fetched again.
# The build log stays in the file named as the first argument (default: on stdout).
# No layer cache (--layers=false): a fresh machine has none, and committing every step's layer
# (the dev dependencies alone are 660 MB) costs more than it would save on a second build.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
previous="$(podman image inspect --format '{{.Id}}' "$app_image" 2>/dev/null || true)"
cache="$(npm config get cache)"
mkdir -p "$cache"
podman build --layers=false --ulimit nofile=8192:8192 --volume "$cache:/root/.npm" --tag "$app_image" "$root" >"${1:-/dev/stdout}" 2>&1 ||
  { [ -z "${1:-}" ] || tail -40 "$1" >&2; fail "the Dockerfile did not build"; }
echo "built $app_image ($(podman image inspect --format '{{.Size}}' "$app_image" | awk '{ printf "%d MB", $1 / 1e6 }'))"
# The image this one replaces would stay behind untagged: 500 MB per run.
if [ -n "$previous" ] && [ "$previous" != "$(podman image inspect --format '{{.Id}}' "$app_image")" ]; then
  podman rmi "$previous" >/dev/null 2>&1 || true
fi
