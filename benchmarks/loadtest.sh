#!/usr/bin/env bash
# The live-play load test end to end: a migrated database, daphne serving it, and
# `python -m benchmarks.loadtest` against that server; then the server is stopped.
#
#   scripts/with_postgres.sh benchmarks/loadtest.sh --tables 50 --think 1 --duration 60
#   LOADTEST_SERVERS=2 scripts/with_redis.sh scripts/with_postgres.sh benchmarks/loadtest.sh ...
#
# Uses DATABASE_URL as exported (none: SQLite's db.sqlite3) and the in-memory channel layer
# unless REDIS_URL is set. LOADTEST_SERVERS daphne processes (default 1; more need
# REDIS_URL) each get every table's seats in turn. The server runs as deployed, DEBUG=0
# (DEBUG=1 in the environment measures the development settings instead). Arguments go to
# benchmarks.loadtest; its exit status is ours. Each server's log: $TMPDIR/loadtest-daphne-N.log.
# LOADTEST_SERVER=uvicorn runs uvicorn instead of daphne (to compare them, docs/benchmarks.md;
# `.venv/bin/pip install 'uvicorn[standard]'` first: it is not a dependency);
# LOADTEST_SERVER_ARGS replaces the server's extra options (daphne's default is the
# production one, --websocket_connect_timeout 30; set it empty for daphne's own 5 s).
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=.venv/bin
export DEBUG=${DEBUG:-0} SECURE_SSL_REDIRECT=0
export SECRET_KEY=${SECRET_KEY:-$(python3 -c 'import secrets; print(secrets.token_urlsafe(50))')}
SERVERS=${LOADTEST_SERVERS:-1}
SERVER=${LOADTEST_SERVER:-daphne}
DEFAULT_ARGS=""
if [ "$SERVER" = daphne ]; then DEFAULT_ARGS="--websocket_connect_timeout 30"; fi
read -r -a SERVER_ARGS <<<"${LOADTEST_SERVER_ARGS-$DEFAULT_ARGS}"
if [ "$SERVERS" -gt 1 ] && [ -z "${REDIS_URL:-}" ]; then
    echo "loadtest: $SERVERS servers share tables only through Redis: set REDIS_URL" >&2
    exit 2
fi

# As deployed, static files first: with DEBUG off the checks refuse to go on without them.
"$BIN/python" manage.py collectstatic --noinput >/dev/null
"$BIN/python" manage.py migrate --noinput >/dev/null

PIDS=()
URLS=()
trap 'kill "${PIDS[@]}" 2>/dev/null || true; wait 2>/dev/null || true' EXIT
for number in $(seq "$SERVERS"); do
    port=$(python3 -c 'import socket
s = socket.socket()
s.bind(("127.0.0.1", 0))
print(s.getsockname()[1])')
    log="${TMPDIR:-/tmp}/loadtest-daphne-$number.log"
    if [ "$SERVER" = uvicorn ]; then
        "$BIN/uvicorn" --host 127.0.0.1 --port "$port" --lifespan off --timeout-graceful-shutdown 5 \
            "${SERVER_ARGS[@]}" mhing_site.asgi:application >"$log" 2>&1 &
    else
        "$BIN/daphne" -b 127.0.0.1 -p "$port" "${SERVER_ARGS[@]}" mhing_site.asgi:application \
            >"$log" 2>&1 &
    fi
    PIDS+=("$!")
    URLS+=(--url "ws://127.0.0.1:$port")
    for _ in $(seq 100); do
        if python3 -c "import socket; socket.create_connection(('127.0.0.1', $port), 0.2)" 2>/dev/null; then
            break
        fi
        kill -0 "${PIDS[-1]}" 2>/dev/null || { cat "$log" >&2; exit 1; }
        sleep 0.1
    done
done

# The servers' process ids: the load test reports their CPU per action.
LOADTEST_SERVER_PIDS="${PIDS[*]}" "$BIN/python" -m benchmarks.loadtest "${URLS[@]}" "$@"
