#!/usr/bin/env bash
# Installs what a fresh Debian 12 machine lacks for lockbench, then configures and builds.
# Usage: scripts/setup.sh [cmake preset]   (default preset: "default"; also "asan", "tsan")
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
preset="${1:-default}"

packages=(
    build-essential cmake ninja-build pkg-config ccache clang-format lld
    qt6-base-dev qt6-charts-dev libqt6opengl6-dev qt6-svg-dev libqt6sql6-mysql
    default-libmysqlclient-dev mariadb-server
    qtkeychain-qt6-dev libsecret-1-0 dbus-daemon gnome-keyring
    xvfb xauth fonts-dejavu-core
    poppler-utils chromium help2man desktop-file-utils
    redis-server libhiredis-dev
    postgresql-15 libpq-dev libqt6sql6-psql
    galera-4 rsync
    libboost-context-dev
    qt6-l10n-tools qt6-tools-dev qt6-translations-l10n fonts-wqy-microhei
)

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
    # The lab runs its own private MariaDB: keep the package from starting a system-wide
    # one while it installs (the policy file is removed again afterwards).
    policy=/usr/sbin/policy-rc.d
    added_policy=0
    if [[ ! -e $policy ]]; then
        printf '#!/bin/sh\nexit 101\n' | "${sudo[@]}" tee "$policy" >/dev/null
        "${sudo[@]}" chmod +x "$policy"
        added_policy=1
    fi
    trap '[[ $added_policy == 1 ]] && "${sudo[@]}" rm -f "$policy"' EXIT
    "${sudo[@]}" apt-get update -q
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

cd "$repo"
cmake --preset "$preset" >/dev/null
cmake --build --preset "$preset" -j "$(nproc)"
