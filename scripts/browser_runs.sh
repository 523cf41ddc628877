#!/usr/bin/env bash
# Run the browser suite again and again, in a clone of HEAD with a virtualenv of its own, to
# show a random failure is gone (or catch it): stops at the first failing run.
#
#   scripts/browser_runs.sh [RUNS] [DIRECTORY]     (default 20 runs, in a new temporary one)
#
# One line a run goes to DIRECTORY/summary.txt (status, seconds, load, pytest's last line);
# each run's whole output to DIRECTORY/run-N.log. A run takes 7 to 10 minutes on a 2-core
# machine; keep the machine otherwise quiet, or the count says as much about the load.
set -uo pipefail

runs=${1:-20}
where=${2:-$(mktemp -d -t mhing-browser-runs.XXXXXX)}
repo=$(git -C "$(dirname "$0")/.." rev-parse --show-toplevel)
mkdir -p "$where"
git clone -q "$repo" "$where/clone"
cd "$where/clone" || exit 1
echo "browser runs of $(git log --oneline -1) in $where" | tee -a "$where/summary.txt"
make .venv messages >"$where/setup.log" 2>&1 || { echo "set-up failed: $where/setup.log"; exit 1; }
for i in $(seq 1 "$runs"); do
    start=$(date +%s)
    make test-browser >"$where/run-$i.log" 2>&1
    status=$?
    last=$(grep -E '^=+ .*(passed|failed).* =+$' "$where/run-$i.log" | tail -1)
    echo "run $i: status $status, $(($(date +%s) - start)) s, load $(cut -d' ' -f1-3 /proc/loadavg): $last" \
        | tee -a "$where/summary.txt"
    if [ "$status" -ne 0 ]; then
        echo "run $i failed: $where/run-$i.log" | tee -a "$where/summary.txt"
        exit 1
    fi
done
echo "all $runs runs passed" | tee -a "$where/summary.txt"
