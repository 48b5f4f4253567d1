# A throw-away PostgreSQL cluster from Debian's postgresql-15: initdb in a temp directory, a Unix socket in that
# directory only (no TCP, no system service), stopped and removed by postgres_stop. Sourced, not run.
# Used by scripts/test (the store tests run against it) and scripts/bench-store (the load benchmark).

postgres_bin=/usr/lib/postgresql/15/bin

# postgres_start [SETTING...]: starts the cluster (extra settings as -c name=value); sets POSTGRES_DIR and POSTGRES_URI
# (the `postgres` database as the superuser bowlertrax, over the socket). initdb refuses to run as root, so as root
# the server runs as the postgres user, in a directory it owns.
postgres_start() {
    POSTGRES_DIR=$(mktemp -d "${TMPDIR:-/tmp}/bowlertrax-postgres.XXXXXX")
    chmod 755 "$POSTGRES_DIR"
    postgres_as=()
    if [ "$(id -u)" -eq 0 ]; then
        chown postgres: "$POSTGRES_DIR"
        postgres_as=(runuser -u postgres --)
    fi
    # A port no other server on this machine listens on; with no TCP listener it only names the socket file.
    POSTGRES_PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    "${postgres_as[@]}" "$postgres_bin/initdb" -D "$POSTGRES_DIR/data" -U bowlertrax --auth-local=trust -E UTF8 --locale=C.UTF-8 >"$POSTGRES_DIR/initdb.log" 2>&1 \
        || { cat "$POSTGRES_DIR/initdb.log" >&2; return 1; }
    # The superuser needs no password; every other role does (the wrong-password test makes one).
    printf 'local all bowlertrax trust\nlocal all all scram-sha-256\n' | "${postgres_as[@]}" tee "$POSTGRES_DIR/data/pg_hba.conf" >/dev/null
    local settings=(-c listen_addresses= -c "unix_socket_directories=$POSTGRES_DIR" -c "port=$POSTGRES_PORT" -c max_connections=200)
    local setting
    for setting in "$@"; do settings+=(-c "$setting"); done
    postgres_settings="${settings[*]}"
    postgres_ctl start
    POSTGRES_URI="postgresql://bowlertrax@/postgres?host=$POSTGRES_DIR&port=$POSTGRES_PORT"
}

# postgres_ctl start|stop|restart: pg_ctl on the cluster, waiting until done.
postgres_ctl() {
    "${postgres_as[@]}" "$postgres_bin/pg_ctl" -D "$POSTGRES_DIR/data" -l "$POSTGRES_DIR/server.log" -w -s -m fast -o "$postgres_settings" "$1"
}

# postgres_stop: stops the cluster (if it runs) and removes its directory.
postgres_stop() {
    [ -n "${POSTGRES_DIR:-}" ] || return 0
    postgres_ctl stop 2>/dev/null || true
    rm -rf "$POSTGRES_DIR"
    POSTGRES_DIR=""
}
