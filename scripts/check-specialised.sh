#!/usr/bin/env bash
# Checks that a release binary holds workbench's replay loops specialised for a policy class of
# another module: a policy registered through PolicyRegistry gets the same specialised replay as
# the built-in ones, compiled in the module that registers it (PolicyDescriptor.of and the loops
# are inlinable). Without it the policy runs the generic loop, a protocol call per step.
#
#   scripts/check-specialised.sh <binary> <Module.Type>
#   scripts/check-specialised.sh Examples/custom-cache/.build/release/custom-workbench CustomCache.LRU2Policy
#
# Looks, in the binary's symbols (nm, demangled by `swift demangle`; $SWIFT if set), for a
# "generic specialization <Module.Type...>" of each replay loop: CacheReplay.replay (a stream of
# ids: bench --suite policies, miss-ratio curves) and TraceReplay.replayLoop (a trace replay).
# Exits 0 if both are there, 1 naming the missing ones, 64 on bad arguments.
set -euo pipefail

if [ $# -ne 2 ]; then
    echo "usage: $0 <binary> <Module.Type>" >&2
    exit 64
fi
binary=$1
type=$2
if ! [[ $type =~ ^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)+$ ]]; then
    echo "$0: '$type' is not a qualified type name (Module.Type, e.g. CustomCache.LRU2Policy)" >&2
    exit 64
fi
if [ ! -f "$binary" ]; then
    echo "$0: $binary: no such file (build it in release first)" >&2
    exit 64
fi

symbols=$(nm "$binary" | ${SWIFT:-swift} demangle)
if [ -z "$symbols" ]; then
    echo "$0: $binary: no symbols (a stripped binary cannot be checked)" >&2
    exit 1
fi

# A specialisation for the type alone (CacheReplay.replay) or with the index type (replayLoop).
# (grep -F reads the whole list: an early exit would break the pipe under pipefail.)
specialised=$(grep -F -e "generic specialization <$type>" -e "generic specialization <$type, " <<<"$symbols" || true)
missing=()
for loop in Models.CacheReplay.replay Models.TraceReplay.replayLoop; do
    if grep -qF " of static $loop<" <<<"$specialised"; then
        echo "specialised for $type: $loop"
    else
        missing+=("$loop")
    fi
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "$0: $binary holds no generic specialization <$type> of ${missing[*]}:" \
        "the policy's replay runs the unspecialised generic loop (are PolicyDescriptor.of and the loops @inlinable, and the runner built in release?)" >&2
    exit 1
fi
