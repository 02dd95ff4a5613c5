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
    "${as_owner[@]}" "$bindir/initdb" -D "$dir/data" -U hhaudit -A trust -E UTF8 --locale=C \
      --no-sync >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; exit 1; }
    # A free port: a random one below the kernel's range of ports for outgoing connections (a
    # client's port there can take it between the check and the bind) that nobody answers on
    # (bash's /dev/tcp). Another server started at the same moment can still take it: on
    # "Address already in use" the start is tried again on another port, a few times.
    read -r ephemeral _ </proc/sys/net/ipv4/ip_local_port_range 2>/dev/null || ephemeral=32768
    ((ephemeral > 12000)) || ephemeral=32768
    started=0
    for _ in 1 2 3 4 5; do
      for _ in $(seq 50); do
        port=$((10000 + RANDOM % (ephemeral - 10000)))
        (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null || break
      done
      # Durability is not what a test measures: no fsync, no full-page writes.
      if "${as_owner[@]}" "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 start \
        -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=50" \
        >/dev/null; then
        started=1
        break
      fi
      grep -q 'Address already in use' "$dir/server.log" || break
    done
    ((started)) || { cat "$dir/server.log" >&2; exit 1; }
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
