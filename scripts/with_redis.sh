#!/usr/bin/env bash
# Run a command beside a throwaway Redis server, then stop the server.
#
#   scripts/with_redis.sh .venv/bin/pytest -m redis
#
# The server listens on a free port on 127.0.0.1 only, keeps nothing on disk (--save ''),
# and runs from a temporary directory. The command gets REDIS_URL=redis://127.0.0.1:PORT/0
# and its exit status is ours.
set -euo pipefail

if [ "$#" -eq 0 ]; then
    echo "usage: $0 COMMAND [ARG...]" >&2
    exit 2
fi

if ! command -v redis-server >/dev/null; then
    if [ "$(id -u)" -ne 0 ]; then
        echo "redis-server not found; install it: apt-get install redis-server" >&2
        exit 1
    fi
    echo "with_redis: installing redis-server" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends redis-server
fi

WORK=$(mktemp -d -t mhing-redis.XXXXXX)
PORT=$(python3 -c 'import socket
s = socket.socket()
s.bind(("127.0.0.1", 0))
print(s.getsockname()[1])')

cleanup() {
    if [ -f "$WORK/redis.pid" ]; then
        pid=$(cat "$WORK/redis.pid")
        kill "$pid" 2>/dev/null || true
        # The server writes its last log lines as it stops: removing the directory under it
        # failed ("Directory not empty"). Wait for it to go (at most 5 s).
        for _ in $(seq 50); do
            kill -0 "$pid" 2>/dev/null || break
            sleep 0.1
        done
    fi
    rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

redis-server --port "$PORT" --bind 127.0.0.1 --save '' --appendonly no \
    --dir "$WORK" --pidfile "$WORK/redis.pid" --logfile "$WORK/redis.log" --daemonize yes

# --daemonize returns before the server answers: wait for it (at most 5 s).
for _ in $(seq 50); do
    if redis-cli -p "$PORT" ping >/dev/null 2>&1; then
        break
    fi
    sleep 0.1
done
redis-cli -p "$PORT" ping >/dev/null || { cat "$WORK/redis.log" >&2; exit 1; }

export REDIS_URL="redis://127.0.0.1:$PORT/0"
echo "with_redis: Redis $(redis-server --version | awk '{print $3}' | cut -d= -f2) at $REDIS_URL" >&2

status=0
"$@" || status=$?
exit "$status"
