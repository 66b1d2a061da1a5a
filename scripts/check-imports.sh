#!/bin/sh
# Holds the code to the import rules of .dependency-cruiser.cjs (which part may
# import which: docs/ARCHITECTURE.md). Exits non-zero on any broken rule and
# names each one with the chain of imports that breaks it.
set -eu
cd "$(dirname "$0")/.."
exec npx depcruise server/src server/contract/src web/src --config .dependency-cruiser.cjs --output-type err-long
