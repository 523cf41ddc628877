#!/usr/bin/env bash
# The ASGI server and channel layer comparison of docs/benchmarks.md: two server processes
# sharing Redis and PostgreSQL, each setup in turn, back to back and alternating, so that
# whatever else the machine is doing weighs on all of them alike.
#
#   scripts/with_redis.sh scripts/with_postgres.sh benchmarks/compare_asgi.sh 50 150
#
# Arguments: table counts (default 50 150). COMPARE_ROUNDS (default 2) rounds of every setup
# per table count, the second round in reverse order; COMPARE_DURATION seconds of play each
# (default 30); COMPARE_SETUPS (default "daphne:redis uvicorn:redis daphne:pubsub
# uvicorn:pubsub"); the server `daphne` is daphne with its own 5 s to accept a websocket,
# `daphne30` daphne given 30 s (--websocket_connect_timeout 30, as deployed). uvicorn needs
# `.venv/bin/pip install 'uvicorn[standard]'`. Each run's report is printed under a header
# naming its setup, with the load average before it.
set -uo pipefail
cd "$(dirname "$0")/.."
: "${REDIS_URL:?run under scripts/with_redis.sh}"
ROUNDS=${COMPARE_ROUNDS:-2}
DURATION=${COMPARE_DURATION:-30}
read -r -a SETUPS <<<"${COMPARE_SETUPS:-daphne:redis uvicorn:redis daphne:pubsub uvicorn:pubsub}"
TABLES=("$@")
[ "${#TABLES[@]}" -gt 0 ] || TABLES=(50 150)

for tables in "${TABLES[@]}"; do
    for round in $(seq "$ROUNDS"); do
        order=("${SETUPS[@]}")
        if [ $((round % 2)) -eq 0 ]; then
            order=()
            for ((i = ${#SETUPS[@]} - 1; i >= 0; i--)); do order+=("${SETUPS[i]}"); done
        fi
        for setup in "${order[@]}"; do
            server=${setup%%:*} layer=${setup##*:}
            redis-cli -u "$REDIS_URL" flushall >/dev/null
            echo "=== $server $layer tables=$tables round=$round load=$(cut -d' ' -f1-3 /proc/loadavg)"
            if [ "$layer" = pubsub ]; then export REDIS_CHANNEL_LAYER=pubsub; else unset REDIS_CHANNEL_LAYER; fi
            args=""
            if [ "$server" = daphne30 ]; then
                server=daphne args="--websocket_connect_timeout 30"
            fi
            LOADTEST_SERVERS=2 LOADTEST_SERVER=$server LOADTEST_SERVER_ARGS=$args benchmarks/loadtest.sh \
                --tables "$tables" --think 1 --duration "$DURATION" || echo "(exit $?)"
        done
    done
done
