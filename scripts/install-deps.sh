#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs what numasight needs to build, test and run, from Debian 12 packages. Safe to run again: it does
# nothing when everything is already there.
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config python3
  qt6-base-dev qt6-svg-dev libqt6svg6 qt6-qpa-plugins
  qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools qt6-translations-l10n
  libqcustomplot-dev libqcustomplot2.1-qt6
  libhwloc-dev hwloc-nox
  libbpf-dev bpftool clang llvm
  libgraphviz-dev graphviz
  libnuma-dev numactl
  libsqlite3-dev sqlite3
  libsimdjson-dev
  libjemalloc-dev
  fonts-dejavu-core fonts-wqy-microhei
  pci.ids
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
if ((${#missing[@]} == 0)); then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi

sudo=()
if [[ $(id -u) -ne 0 ]]; then
  command -v sudo >/dev/null || { echo "install-deps: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
  sudo=(sudo)
fi
echo "install-deps: installing ${missing[*]}"
"${sudo[@]}" apt-get update -q
"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
