# Shared by the image scripts (sourced): podman on the runc runtime (crun fails here on `setrlimit
# RLIMIT_NPROC`), images in Docker format (the OCI format drops HEALTHCHECK), and the checks a
# container of the application image must pass.
# shellcheck shell=bash
export BUILDAH_FORMAT=docker
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
app_image=localhost/wellness-challenge:test

# Without systemd, podman logs an error for every health-check timer it cannot add or remove: dropped.
podman() { command podman --runtime runc "$@" 2> >(grep -v 'unable to get systemd connection' >&2); }
# Podman's default limits for a container (nproc and nofile at 1048576 and more) exceed what this
# machine lets runc set; these are ample for the server. No systemd here: health checks are run on demand.
run_options=(--ulimit nofile=8192:8192 --ulimit nproc=4096:4096 --health-interval disable)
step() { printf '\n== %s (at %s s)\n' "$*" "$(( $(date +%s) - ${IMAGE_TEST_STARTED:-$(date +%s)} ))"; }
fail() { printf '\nimage test FAILED: %s\n' "$*" >&2; exit 1; }
have_image() { podman image exists "$1"; }
check_app() { "$root/node_modules/.bin/tsx" "$root/scripts/image/check-app.ts" "$@"; }

# Runs the image's own HEALTHCHECK until it passes (no systemd timer runs it here); fails with the
# container's log when the container stops or the deadline passes.
wait_healthy() {
  local container="$1" deadline=$(( $(date +%s) + ${2:-120} ))
  until podman healthcheck run "$container" >/dev/null 2>&1; do
    if [ "$(podman inspect --format '{{.State.Running}}' "$container")" != true ]; then
      podman logs --tail 40 "$container" >&2; fail "$container stopped before it was healthy"
    fi
    if [ "$(date +%s)" -ge "$deadline" ]; then
      podman logs --tail 40 "$container" >&2; fail "$container not healthy within ${2:-120} s"
    fi
    sleep 1
  done
  echo "$container is healthy"
}

# The server's process (PID 1 of the container, seen from the host) must not run as root.
assert_not_root() {
  local container="$1" pid uid
  pid="$(podman inspect --format '{{.State.Pid}}' "$container")"
  uid="$(awk '/^Uid:/ { print $2 }' "/proc/$pid/status")"
  [ -n "$uid" ] && [ "$uid" != 0 ] || fail "$container runs its server as uid ${uid:-unknown} (root)"
  echo "$container runs $(tr '\0' ' ' <"/proc/$pid/cmdline")as uid $uid ($(podman exec "$container" id -un))"
}

# The password the first start printed for admin@localhost.
admin_password() {
  local password
  password="$(podman logs "$1" 2>&1 | sed -n 's/^ *password: *//p' | tail -1)"
  [ -n "$password" ] || { podman logs --tail 40 "$1" >&2; fail "$1 printed no generated admin password"; }
  echo "$password"
}

# A clean stop: SIGTERM, and the server exits 0 well within podman's 10 s grace.
stop_cleanly() {
  podman stop --time 10 "$1" >/dev/null
  local code; code="$(podman inspect --format '{{.State.ExitCode}}' "$1")"
  [ "$code" = 0 ] || { podman logs --tail 20 "$1" >&2; fail "$1 exited $code on SIGTERM"; }
  echo "$1 stopped cleanly (exit 0)"
}
