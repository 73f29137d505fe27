#!/usr/bin/env bash
# `npm run bench` runs this first. The benchmark is a package of its own (package.json beside this file: the
# frameworks it compares Halo with and the load generator, which Halo's own install leaves out): this installs it
# exactly as package-lock.json says, when node_modules/ is missing or came from another package-lock.json, then
# type-checks the benchmark with those packages (tsconfig.json beside this file; the root typecheck leaves test/bench out).
set -euo pipefail
cd "$(dirname "$0")"
stamp=node_modules/.installed-from-package-lock.json
if ! cmp -s package-lock.json "$stamp"; then
  npm ci --no-audit --no-fund
  cp package-lock.json "$stamp"
fi
../../node_modules/.bin/tsc --noEmit -p .
