#!/usr/bin/env bash
# Formats the sources in place, then lints them strictly. Run before committing.
set -euo pipefail
cd "$(dirname "$0")/.."
swift format format --in-place --recursive Package.swift Sources Tests
swift format lint --strict --recursive Package.swift Sources Tests
