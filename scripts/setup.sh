#!/usr/bin/env bash
# Installs whatever this project needs and is missing; fast when nothing is.
#   scripts/setup.sh          toolchain and npm packages (for building and serving)
#   scripts/setup.sh --test   the same plus Debian's chromium and chromium-driver
set -euo pipefail
cd "$(dirname "$0")/.."

log() { printf '[setup] %s\n' "$*" >&2; }

# The wasm-bindgen CLI must equal the wasm-bindgen crate in Cargo.lock.
WASM_BINDGEN_VERSION=0.2.130

export PATH="$HOME/.cargo/bin:$PATH"

if ! command -v cargo >/dev/null; then
  log "cargo is missing: install Rust with rustup first (https://rustup.rs)"; exit 1
fi

if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  log "adding the wasm32-unknown-unknown target (under a minute)"
  rustup target add wasm32-unknown-unknown
fi

if ! command -v wasm-pack >/dev/null; then
  log "installing wasm-pack: compiling it from crates.io, about 7 minutes on 2 cores, once"
  cargo install wasm-pack --locked || cargo install wasm-pack
fi

lock_version=$(awk '/^name = "wasm-bindgen"$/{getline; gsub(/[^0-9.]/,""); print; exit}' Cargo.lock 2>/dev/null || true)
if [ -n "$lock_version" ] && [ "$lock_version" != "$WASM_BINDGEN_VERSION" ]; then
  log "Cargo.lock has wasm-bindgen $lock_version but scripts/setup.sh pins $WASM_BINDGEN_VERSION: update the pin"; exit 1
fi
if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$WASM_BINDGEN_VERSION" ]; then
  log "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION: compiling it from crates.io, about 6 minutes on 2 cores, once"
  # --locked can name a dependency version the registry no longer serves; retry unlocked.
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --locked --force \
    || cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --force
fi

if [ ! -x node_modules/.bin/wasm-opt ] || [ ! -d node_modules/playwright-core ] || [ ! -d node_modules/axe-core ] || [ ! -x node_modules/.bin/http-server ] || [ ! -x node_modules/.bin/esbuild ] \
   || [ package.json -nt node_modules/.package-lock.json ]; then
  log "installing npm packages (playwright-core, axe-core, esbuild, binaryen, http-server; under a minute)"
  if [ -f package-lock.json ]; then npm ci --no-audit --no-fund; else npm install --no-audit --no-fund; fi
fi

if [ "${1:-}" = "--test" ]; then
  if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
    log "installing chromium and chromium-driver from Debian (about a minute)"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null
  fi
fi
log "set-up done"
