#!/usr/bin/env bash
# A throwaway PostgreSQL server for the tests (tests/pg_server.hpp) and the bench:
#   tests/pg_server.sh start DIR   initdb into DIR/data, start on a free port of 127.0.0.1 (and a
#                                  socket in DIR); prints the connection string of its database
#                                  "postgres" (role hhaudit, trust authentication: local only).
#   tests/pg_server.sh stop DIR    stops it (fast shutdown) and removes DIR.
# initdb refuses to run as root (CI runs as root): then the server runs as the unprivileged
# account `postgres` (Debian's postgresql package creates it), which owns DIR.
# The binaries: PG_BINDIR, else `pg_config --bindir` (libpq-dev), else Debian's PostgreSQL 15.
set -euo pipefail
action=${1:?start or stop}
dir=${2:?a folder}
bindir=${PG_BINDIR:-$(pg_config --bindir 2>/dev/null || echo /usr/lib/postgresql/15/bin)}
# pg_config of libpq-dev names the client's folder; the server is in the server's.
[[ -x $bindir/initdb ]] || bindir=/usr/lib/postgresql/15/bin
as_owner=()
if [[ $(id -u) == 0 ]]; then as_owner=(runuser -u postgres --); fi

case $action in
  start)
    mkdir -p "$dir"
    if ((${#as_owner[@]})); then chown postgres: "$dir"; chmod 700 "$dir"; fi
    # A free port: a random one nobody answers on (bash's /dev/tcp; a clash in between makes
    # pg_ctl fail, and the test with it).
    for _ in $(seq 50); do
      port=$((20000 + RANDOM % 40000))
      (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null || break
    done
    "${as_owner[@]}" "$bindir/initdb" -D "$dir/data" -U hhaudit -A trust -E UTF8 --locale=C \
      --no-sync >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; exit 1; }
    # Durability is not what a test measures: no fsync, no full-page writes.
    "${as_owner[@]}" "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 start \
      -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=50" \
      >/dev/null || { cat "$dir/server.log" >&2; exit 1; }
    echo "postgresql://hhaudit@127.0.0.1:$port/postgres"
    ;;
  stop)
    if [[ -d $dir/data ]]; then
      "${as_owner[@]}" "$bindir/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
    fi
    rm -rf "$dir"
    ;;
  *)
    echo "usage: $0 start|stop DIR" >&2
    exit 2
    ;;
esac
