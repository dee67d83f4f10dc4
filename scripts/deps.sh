#!/bin/sh
# Installs every Debian 12 package lpnest needs to build, test and validate itself.
# Safe to run again: apt-get skips what is already there. The ctest setup.deps
# (tests/setup) fails when the build or a test uses a package missing here.
set -eu
SUDO=""
[ "$(id -u)" = 0 ] || SUDO="sudo"
PKGS="build-essential cmake ninja-build pkg-config python3 git zlib1g-dev libxml2-utils \
  llvm-19-dev llvm-19-tools clang-19 libclang-19-dev libclang-rt-19-dev lld-19 \
  libz3-dev libyaml-dev libcmocka-dev \
  qemu-user simavr libsimavr-dev gcc-avr avr-libc binutils-avr \
  gcc-riscv64-unknown-elf libgcc-12-dev-powerpc-cross binutils-powerpc-linux-gnu \
  valgrind graphviz libjpeg-turbo-progs chromium python3-yaml python3-jsonschema csmith \
  picolibc-riscv64-unknown-elf libnewlib-dev autoconf groff-base man-db \
  libcsmith-dev verilator ghdl"
missing=""
for p in $PKGS; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
  echo "deps: installing$missing"
  $SUDO apt-get update
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y --no-install-recommends $missing
fi
