#!/usr/bin/env bash
# Starts a throwaway PostgreSQL 15 server on loopback for the integration suite and prints its URL.
# Usage: scripts/pg-start.sh <dir> [port]   (stop with: scripts/pg-stop.sh <dir>)
set -euo pipefail
dir=${1:?data directory}
# Default below the ephemeral port range (32768-60999), where a client connection cannot already hold it.
port=${2:-25432}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ -z "$bin" ]; then
  echo "PostgreSQL server not found: apt-get install -y postgresql" >&2
  exit 1
fi
mkdir -p "$dir"
run() {
  if [ "$(id -u)" = 0 ]; then chown -R postgres:postgres "$dir"; runuser -u postgres -- "$@"; else "$@"; fi
}
if [ ! -f "$dir/PG_VERSION" ]; then
  run "$bin/initdb" -D "$dir" -U postgres --auth=trust -E UTF8 >/dev/null
fi
run "$bin/pg_ctl" -D "$dir" -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" -w -l "$dir/server.log" start >/dev/null
echo "postgres://postgres@127.0.0.1:$port/postgres"
