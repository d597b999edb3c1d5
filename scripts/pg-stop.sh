#!/usr/bin/env bash
set -euo pipefail
dir=${1:?data directory}
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$bin/pg_ctl" -D "$dir" -m fast stop >/dev/null; else "$bin/pg_ctl" -D "$dir" -m fast stop >/dev/null; fi
