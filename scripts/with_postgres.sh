#!/usr/bin/env bash
# Run a command against a throwaway PostgreSQL server, then remove the server.
#
#   scripts/with_postgres.sh .venv/bin/pytest
#
# The server lives in a temporary directory, listens on a free port on 127.0.0.1 only,
# trusts local connections and skips fsync (the data is thrown away). The command gets
# DATABASE_URL=postgres://postgres@127.0.0.1:PORT/mhing and its exit status is ours.
set -euo pipefail

if [ "$#" -eq 0 ]; then
    echo "usage: $0 COMMAND [ARG...]" >&2
    exit 2
fi

find_pg_bin() {
    local dir
    dir=$(find /usr/lib/postgresql -maxdepth 2 -type d -name bin 2>/dev/null | sort -V | tail -n 1)
    if [ -n "$dir" ] && [ -x "$dir/initdb" ]; then
        echo "$dir"
    fi
}

PG_BIN=$(find_pg_bin)
if [ -z "$PG_BIN" ]; then
    if [ "$(id -u)" -ne 0 ]; then
        echo "PostgreSQL server binaries not found; install them: apt-get install postgresql" >&2
        exit 1
    fi
    echo "with_postgres: installing PostgreSQL" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends postgresql
    PG_BIN=$(find_pg_bin)
fi

# initdb refuses to run as root, so as root the server runs as the postgres user.
as_postgres() {
    if [ "$(id -u)" -eq 0 ]; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

WORK=$(mktemp -d -t mhing-pg.XXXXXX)
STARTED=0
cleanup() {
    if [ "$STARTED" -eq 1 ]; then
        as_postgres "$PG_BIN/pg_ctl" -D "$WORK/data" stop -m immediate >/dev/null 2>&1 || true
    fi
    rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

if [ "$(id -u)" -eq 0 ]; then
    chown postgres: "$WORK"
fi

as_postgres "$PG_BIN/initdb" -D "$WORK/data" -A trust -U postgres --no-sync \
    --encoding=UTF8 --locale=C.UTF-8 >/dev/null

PORT=$(python3 -c 'import socket
s = socket.socket()
s.bind(("127.0.0.1", 0))
print(s.getsockname()[1])')

STARTED=1
as_postgres "$PG_BIN/pg_ctl" -D "$WORK/data" -l "$WORK/server.log" -w \
    -o "-F -p $PORT -k $WORK -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
    start >/dev/null || { cat "$WORK/server.log" >&2; exit 1; }

as_postgres "$PG_BIN/createdb" -h 127.0.0.1 -p "$PORT" -U postgres mhing

export DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/mhing"
echo "with_postgres: PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') at $DATABASE_URL" >&2

status=0
"$@" || status=$?
exit "$status"
