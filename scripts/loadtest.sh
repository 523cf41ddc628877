#!/usr/bin/env bash
# The live-play load test end to end: a migrated database, one daphne process serving it,
# and `python -m games.loadtest` against that server; then the server is stopped.
#
#   scripts/with_postgres.sh scripts/loadtest.sh --tables 50 --think 1 --duration 60
#
# Uses DATABASE_URL as exported (none: SQLite's db.sqlite3) and the in-memory channel layer
# unless REDIS_URL is set. The server runs as deployed, DEBUG=0 (DEBUG=1 in the environment
# measures the development server instead: Django then keeps every query in memory).
# Arguments go to games.loadtest; its exit status is ours.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=.venv/bin
export DEBUG=${DEBUG:-0} SECURE_SSL_REDIRECT=0
export SECRET_KEY=${SECRET_KEY:-$(python3 -c 'import secrets; print(secrets.token_urlsafe(50))')}

PORT=${LOADTEST_PORT:-$(python3 -c 'import socket
s = socket.socket()
s.bind(("127.0.0.1", 0))
print(s.getsockname()[1])')}

"$BIN/python" manage.py migrate --noinput >/dev/null
"$BIN/daphne" -b 127.0.0.1 -p "$PORT" mhing_site.asgi:application >"${TMPDIR:-/tmp}/loadtest-daphne.log" 2>&1 &
SERVER=$!
trap 'kill "$SERVER" 2>/dev/null || true; wait "$SERVER" 2>/dev/null || true' EXIT

for _ in $(seq 100); do
    if python3 -c "import socket; socket.create_connection(('127.0.0.1', $PORT), 0.2)" 2>/dev/null; then
        break
    fi
    kill -0 "$SERVER" 2>/dev/null || { cat "${TMPDIR:-/tmp}/loadtest-daphne.log" >&2; exit 1; }
    sleep 0.1
done

"$BIN/python" -m games.loadtest --url "ws://127.0.0.1:$PORT" "$@"
