# Shared by the bench/*.sh scripts: sourced, never run. Each caller defines die().

# Installs the Debian packages given that are missing (apt-get, as root or through sudo).
bench_install_missing() {
    local missing=() package sudo=()
    for package in "$@"; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
    done
    ((${#missing[@]} > 0)) || return 0
    echo "installing ${missing[*]}"
    if [[ $(id -u) -ne 0 ]]; then
        command -v sudo >/dev/null || die "run as root or install sudo to install ${missing[*]}"
        sudo=(sudo)
    fi
    "${sudo[@]}" apt-get update -q
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
}

# Starts the lab's embedded server with lockbench-serve (binary, log file) and sets
# bench_ready (its "ready" line) and bench_server_pid (the mariadbd process). lockbench-serve
# stops the server when its standard input closes, so the server goes with the script however
# it ends; the EXIT trap also waits for the clean shutdown.
bench_start_server() {
    coproc BENCH_SERVE { exec "$1" 2>>"$2"; }
    bench_serve_pid=$BENCH_SERVE_PID
    bench_serve_in=${BENCH_SERVE[1]}
    trap bench_stop_server EXIT
    bench_ready=""
    read -r -t 180 bench_ready <&"${BENCH_SERVE[0]}" || true
    [[ $bench_ready == ready* ]] || die "the embedded server did not start; see $2"
    bench_server_pid="$(pgrep -P "$bench_serve_pid" -x mariadbd || pgrep -P "$bench_serve_pid" -x mysqld)" \
        || die "cannot find the server process"
}
bench_stop_server() {
    exec {bench_serve_in}>&- || true
    wait "$bench_serve_pid" 2>/dev/null || true
}

# Field of a "ready" line: port, socket, version or datadir.
bench_ready_field() { sed -n "s/.* $2=\\([^ ]*\\).*/\\1/p" <<<"$1"; }
