#!/bin/sh
# Configures and builds lpnest in ./build (or $BUILD_DIR); extra arguments go to cmake.
# cmake's progress lines are hidden; its warnings (a missing tool, and so tests
# not built: cmake/LpnestRequire.cmake) go to stderr and are shown.
set -eu
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}
cmake -S . -B "$BUILD_DIR" -G Ninja "$@" >/dev/null
cmake --build "$BUILD_DIR"
