#!/usr/bin/env bash
# The Slurm recipe of docs/studies.md, tested for real on a one-node cluster on this machine (needs root):
#
#  1. installs slurm-wlm and munge if missing, writes a slurm.conf for this host (its name, CPUs
#     and memory from `slurmd -C`) into a temporary directory, starts munged (unless running),
#     slurmctld and slurmd;
#  2. `workbench plan --emit slurm` for a few short shipped scenarios, `submit.sh`, waits, and
#     compares the merged results with an unsharded run (`workbench compare`: no count changed;
#     and every count column of every summary.csv equal);
#  3. submits again, cancels shard 2, checks that the merge is left pending (its dependency can
#     never be satisfied), runs the documented recovery (`rerun.sh 2`), waits, and compares again;
#  4. stops the daemons it started and removes the temporary directory.
#
#   scripts/test-slurm.sh [BINARY]     default: .build/dist/workbench
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
bin="$(realpath "${1:-$here/.build/dist/workbench}")"
SHARDS=3
SCENARIOS=(scenarios/feed.yaml scenarios/contacts.yaml scenarios/capacity-sweep.yaml scenarios/live-feed.yaml)
CAP=1s   # --max-duration: each run is short
TIMEOUT=600

step() { echo "==> $*"; }
fail() { echo "FAIL: $*" >&2; exit 1; }

[ "$(id -u)" = 0 ] || fail "needs root (installs packages, starts slurmctld and slurmd)"
if ! dpkg -s slurm-wlm munge >/dev/null 2>&1; then
    step "installing slurm-wlm and munge"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends slurm-wlm munge
fi

work="$(mktemp -d /tmp/workbench-slurm.XXXXXX)"
chmod 755 "$work"
pids=()
cleanup() {
    local status=$?
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${pids[@]}"; do
        for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    done
    [ "$status" = 0 ] || { echo "---- slurmctld log (last lines) ----"; tail -20 "$work/slurmctld.log" 2>/dev/null || true; }
    rm -rf "$work"
    exit "$status"
}
trap cleanup EXIT

# ---- 1. a one-node cluster -------------------------------------------------------------------
node="$(slurmd -C | head -1)"                 # NodeName=<host> CPUs=... RealMemory=...
host="$(sed -E 's/^NodeName=([^ ]+).*/\1/' <<<"$node")"
cpus="$(sed -E 's/.* CPUs=([0-9]+).*/\1/' <<<"$node")"
export SLURM_CONF="$work/slurm.conf"
mkdir -p "$work/state" "$work/spool"
cat >"$SLURM_CONF" <<CONF
ClusterName=workbench-test
SlurmctldHost=$host
SlurmctldPort=16817
SlurmdPort=16818
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
ReturnToService=2
MpiDefault=none
JobCompType=jobcomp/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MinJobAge=3600
$node
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
step "one-node cluster: $node"

if ! pgrep -x munged >/dev/null; then
    mkdir -p /run/munge && chown munge:munge /run/munge
    runuser -u munge -- /usr/sbin/munged --pid-file=/run/munge/munged.pid
    for _ in $(seq 50); do [ -s /run/munge/munged.pid ] && break; sleep 0.1; done
    pids+=("$(cat /run/munge/munged.pid)")
fi
slurmctld -f "$SLURM_CONF" -c
for _ in $(seq 100); do [ -s "$work/slurmctld.pid" ] && break; sleep 0.1; done
pids+=("$(cat "$work/slurmctld.pid")")
slurmd -f "$SLURM_CONF"
for _ in $(seq 100); do [ -s "$work/slurmd.pid" ] && break; sleep 0.1; done
pids+=("$(cat "$work/slurmd.pid")")
for _ in $(seq 300); do
    state="$(sinfo -h -n "$host" -o %t 2>/dev/null || true)"
    [ "$state" = idle ] && break
    sleep 0.2
done
[ "$state" = idle ] || fail "node $host is '$state', not idle"
step "slurmctld and slurmd up; node $host idle"

# Waits until none of the given jobs is pending or running (or fails after TIMEOUT seconds).
wait_for() {
    local deadline=$((SECONDS + TIMEOUT))
    while [ -n "$(squeue -h -j "$(IFS=,; echo "$*")" -t PENDING,RUNNING,COMPLETING -o %i 2>/dev/null)" ]; do
        [ "$SECONDS" -lt "$deadline" ] || fail "jobs $* still queued after ${TIMEOUT}s"
        sleep 1
    done
}
job_state() { { scontrol show job "$1" 2>&1 || true; } | sed -nE 's/.*JobState=([A-Z_]+).*/\1/p' | head -1; }
pending_reason() { squeue -h -j "$1" -o %r 2>/dev/null || true; }

# `workbench compare --format csv --all` lists every metric of every run matched by scenario,
# policy, mode and sweep point: every count (role `count`) must be equal, and no run unmatched.
compare_counts() {
    "$bin" compare "$1" "$2" --format csv --all >"$work/compare.csv" 2>/dev/null || true
    python3 - "$work/compare.csv" <<'PY' || fail "merged counts differ from the unsharded run"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
counts = [r for r in rows if r["role"] == "count"]
changed = [r for r in counts if r["baseline"] != r["current"]]
for r in changed:
    print(f"  {r['scenario']} {r['policy']}/{r['in_use']} {r['sweep_value']}: {r['metric']} {r['baseline']} versus {r['current']}")
runs = {(r["scenario"], r["policy"], r["in_use"], r["sweep_value"]) for r in rows}
print(f"  compare: {len(runs)} runs, {len(counts)} counts, {len(changed)} changed")
sys.exit(1 if changed or not counts else 0)
PY
    for summary in "$1"/*/summary.csv; do
        scenario="$(basename "$(dirname "$summary")")"
        [ "$(wc -l <"$summary")" = "$(wc -l <"$2/$scenario/summary.csv")" ] || fail "$scenario: runs differ"
    done
}

# ---- 2. the emitted scripts, as submitted by a user -------------------------------------------
cd "$work"
mkdir -p scenarios
for file in "${SCENARIOS[@]}"; do cp "$here/$file" scenarios/; done
files=("${SCENARIOS[@]}")
step "unsharded run of ${files[*]} (--max-duration $CAP)"
"$bin" run "${files[@]}" --max-duration "$CAP" --out full --quiet --no-plots >/dev/null || [ $? -eq 2 ]  # 2: expect lines at 1 s
"$bin" plan "${files[@]}" --max-duration "$CAP" --shards "$SHARDS" --job-name wb-test | head -1 | sed 's/^/  /'
"$bin" plan "${files[@]}" --max-duration "$CAP" --shards "$SHARDS" --emit slurm --out study --binary "$bin" --job-name wb-test \
    | sed 's/^/  /'
grep '^#SBATCH' study/jobs/shard.sbatch | sed 's/^/  /'
submitted="$(bash study/jobs/submit.sh)"
echo "  $submitted"
read -r array merge < <(sed -E 's/^shards: job ([0-9]+).* merge: job ([0-9]+).*/\1 \2/' <<<"$submitted")
wait_for "$array" "$merge"
for k in $(seq "$SHARDS"); do
    [ "$(job_state "${array}_$k")" = COMPLETED ] || fail "shard $k: $(job_state "${array}_$k")"
done
[ "$(job_state "$merge")" = COMPLETED ] || fail "merge: $(job_state "$merge"); $(cat study/logs/merge.out)"
step "array $array and merge $merge completed; merged versus unsharded:"
compare_counts full study/merged

# ---- 3. a cancelled shard, and the documented recovery ----------------------------------------
step "again, cancelling shard 2"
rm -rf study
"$bin" plan "${files[@]}" --max-duration "$CAP" --shards "$SHARDS" --emit slurm --out study --binary "$bin" --job-name wb-test >/dev/null
read -r array merge < <(bash study/jobs/submit.sh | sed -E 's/^shards: job ([0-9]+).* merge: job ([0-9]+).*/\1 \2/')
# Cancelled while running, as a time limit or an operator would (a task cancelled while still
# pending leaves no record of its own, but the merge waits the same way).
for _ in $(seq 200); do
    [ -n "$(squeue -h -j "${array}_2" -t RUNNING -o %i 2>/dev/null)" ] && break
    sleep 0.05
done
scancel "${array}_2"
for _ in $(seq 100); do [ "$(pending_reason "$merge")" = DependencyNeverSatisfied ] && break; sleep 0.2; done
wait_for "$array"
state="$(job_state "${array}_2")"
case "$state" in
    CANCELLED) state="cancelled while running" ;;
    "") state="cancelled while pending" ;;
    *) scontrol show job "$array"; fail "shard 2 is '$state', not CANCELLED (it finished before scancel?)" ;;
esac
# merge by hand now refuses: shard 2 is incomplete or missing, and it says what to re-run.
if refusal="$("$bin" merge study/shards/shard-{1,2,3} --out study/early --no-plots 2>&1)"; then
    fail "merge accepted the shards without shard 2"
fi
grep -qE "shard 2/$SHARDS|shard-2" <<<"$refusal" || fail "merge's refusal does not name shard 2: $refusal"
[ ! -e study/early ] || fail "the refused merge wrote study/early"
echo "  merge by hand: $refusal" | cut -c1-200
reason="$(pending_reason "$merge")"
[ "$reason" = DependencyNeverSatisfied ] || fail "merge: expected pending on DependencyNeverSatisfied, found '$reason'"
step "shard 2 $state; merge $merge pending ($reason); recovery: bash study/jobs/rerun.sh 2"
rerun="$(bash study/jobs/rerun.sh 2)"
echo "  $rerun"
job="$(sed -E 's/^shard 2: job ([0-9]+).*/\1/' <<<"$rerun")"
wait_for "$job" "$merge"
[ "$(job_state "$job")" = COMPLETED ] || fail "re-run of shard 2: $(job_state "$job")"
[ "$(job_state "$merge")" = COMPLETED ] || fail "merge after the re-run: $(job_state "$merge"); $(cat study/logs/merge.out)"
step "re-run $job and merge $merge completed; merged versus unsharded:"
compare_counts full study/merged
grep -q '"complete" : true' study/merged/study.json || fail "merged study.json is not complete"
step "test-slurm: ok ($SHARDS shards, ${#files[@]} scenarios, $(($(cat full/*/summary.csv | wc -l) - ${#files[@]})) runs; recovery after a cancelled shard)"
