#!/usr/bin/env bash
# Installs the Debian 12 packages hhaudit builds with, when they are missing. Run as root.
# HHAUDIT_FUZZ=1 adds clang, libFuzzer (compiler-rt) and lld for fuzz/run.sh and fuzz/smoke.sh.
# libpq-dev builds the PostgreSQL store (db/postgres/); postgresql (the server, 15) is what its
# tests start (tests/pg_server.sh) and the bench measures.
set -euo pipefail
packages=(build-essential cmake ninja-build libboost1.81-dev libsqlite3-dev libcli11-dev catch2 libfmt-dev
          libhowardhinnant-date-dev libssl-dev tzdata libtomlplusplus-dev
          libpugixml-dev libsimdjson-dev libpq-dev postgresql
          # audit and convert read .zip, .tar, .tar.gz and .gz directly (pipeline/archive.cpp).
          libarchive-dev
          # hhaudit report --html inlines Chart.js; help2man writes the man page from --help;
          # the report's browser test (tests/test_report.cpp) loads the page headless;
          # universal-ctags measures function lengths (scripts/function-lengths.py).
          libjs-chart.js help2man chromium-headless-shell universal-ctags)
if [[ ${HHAUDIT_FUZZ:-0} == 1 ]]; then packages+=(clang libclang-rt-14-dev lld); fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "installing: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
