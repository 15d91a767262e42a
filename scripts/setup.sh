#!/usr/bin/env bash
# Installs what a fresh Debian 12 machine lacks for lockbench, then configures and builds.
# Usage: scripts/setup.sh [cmake preset]   (default preset: "default"; also "asan", "tsan")
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
preset="${1:-default}"

packages=(
    build-essential cmake ninja-build pkg-config ccache clang-format lld
    qt6-base-dev qt6-charts-dev libqt6opengl6-dev qt6-svg-dev libqt6sql6-mysql
    default-libmysqlclient-dev mariadb-server-core mariadb-client-core mariadb-server
    qtkeychain-qt6-dev libsecret-1-0 dbus-daemon gnome-keyring
    xvfb xauth fonts-dejavu-core
    poppler-utils chromium help2man desktop-file-utils lintian
    redis-tools libhiredis-dev
    postgresql-15 libpq-dev libqt6sql6-psql
    galera-4 rsync
    libboost-context-dev
    qt6-l10n-tools qt6-tools-dev qt6-translations-l10n fonts-wqy-microhei
)

# The services enabled to start at boot, as their links say (systemd need not be running).
enabled_services() {
    find /etc/systemd/system -path '*.wants/*.service' -printf '%f\n' 2>/dev/null | sort -u
}

# Disables a service the install enabled: through systemctl where there is one, else by its links.
disable_service() {
    if command -v systemctl >/dev/null; then
        "${sudo[@]}" systemctl disable --quiet "$1"
    else
        "${sudo[@]}" find /etc/systemd/system -path "*.wants/$1" -delete
    fi
}

missing=()
for package in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$package")
    fi
done

if ((${#missing[@]} > 0)); then
    echo "lockbench: installing ${missing[*]}"
    sudo=()
    if [[ $(id -u) -ne 0 ]]; then
        command -v sudo >/dev/null || { echo "lockbench: run as root or install sudo to install packages" >&2; exit 1; }
        sudo=(sudo)
    fi
    # The lab runs private servers of its own: the packages that bring a service (mariadb-server
    # for the cluster's state transfer, postgresql-15) are kept from starting one while they
    # install (the policy file is removed again afterwards), and what they enable is disabled
    # again below, so that the machine's services stay as they were.
    policy=/usr/sbin/policy-rc.d
    added_policy=0
    if [[ ! -e $policy ]]; then
        printf '#!/bin/sh\nexit 101\n' | "${sudo[@]}" tee "$policy" >/dev/null
        "${sudo[@]}" chmod +x "$policy"
        added_policy=1
    fi
    trap '[[ $added_policy == 1 ]] && "${sudo[@]}" rm -f "$policy"' EXIT
    enabled_before=$(enabled_services)
    had_postgres_cluster=0
    [[ -e /etc/postgresql/15/main ]] && had_postgres_cluster=1
    "${sudo[@]}" apt-get update -q
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
    for service in $(comm -13 <(echo "$enabled_before") <(enabled_services)); do
        echo "lockbench: disabling $service, which the install enabled (the lab starts its own servers)"
        disable_service "$service"
    done
    # postgresql-15 creates a cluster of its own ("main"); the lab's PostgreSQL is private.
    if [[ $had_postgres_cluster == 0 && -e /etc/postgresql/15/main ]]; then
        echo "lockbench: removing the PostgreSQL cluster 15/main that the install created"
        "${sudo[@]}" pg_dropcluster 15 main
    fi
fi

cd "$repo"
cmake --preset "$preset" >/dev/null
cmake --build --preset "$preset" -j "$(nproc)"
