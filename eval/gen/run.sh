#!/usr/bin/env bash
# Regenerate eval/corpus/corpus.jsonl.gz (deterministic). Creates the venv on first use.
set -euo pipefail
cd "$(dirname "$0")"
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
.venv/bin/pip install -q -r requirements.txt
exec .venv/bin/python generate.py "$@"
