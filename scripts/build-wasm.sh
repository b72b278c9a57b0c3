#!/usr/bin/env bash
# Builds pkg/ (wasm-pack, --target web, release) unless it is newer than every source,
# the data files the library embeds included (the opening lists).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" != "--force" ] && [ -f pkg/reversi_bg.wasm ] && [ -f pkg/reversi.js ] \
   && [ -z "$(find src Cargo.toml Cargo.lock .cargo scripts/build-wasm.sh data/balanced.txt data/openings.txt -newer pkg/reversi_bg.wasm -print -quit)" ]; then
  echo "pkg/ is up to date"
  exit 0
fi
# Without the embedded weights: the AI worker loads data/eval.weights (see www/ai-worker.js).
wasm-pack build --target web --release --out-dir pkg --out-name reversi --no-pack -- --no-default-features
