#!/bin/sh
# Installs what lpnest needs (Debian 12, apt-get), builds it and runs the whole
# test suite with ctest. Options:
#   --asan      build in build-asan with AddressSanitizer and UBSan and test that
#   -j N        parallel test jobs (default: the number of processors)
# Extra arguments after -- go to ctest (e.g. -- -R offload).
set -eu
cd "$(dirname "$0")/.."
ASAN=0
JOBS=$(nproc 2>/dev/null || echo 2)
while [ $# -gt 0 ]; do
  case "$1" in
    --asan) ASAN=1; shift ;;
    -j) JOBS="$2"; shift 2 ;;
    --) shift; break ;;
    *) echo "usage: scripts/test.sh [--asan] [-j N] [-- CTEST-ARGS...]" >&2; exit 2 ;;
  esac
done
./scripts/deps.sh
# Debian's python3 (with python3-yaml, python3-jsonschema from deps.sh), not one
# that happens to come first on PATH
PY=""
[ -x /usr/bin/python3 ] && PY="-DPython3_EXECUTABLE=/usr/bin/python3"
if [ "$ASAN" = 1 ]; then
  BUILD_DIR=build-asan ./scripts/build.sh -DCMAKE_BUILD_TYPE=Debug -DLPNEST_REQUIRE_ALL=ON $PY \
    "-DCMAKE_C_FLAGS=-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined" \
    "-DCMAKE_CXX_FLAGS=-fsanitize=address,undefined -fno-omit-frame-pointer" \
    "-DCMAKE_EXE_LINKER_FLAGS=-fsanitize=address,undefined" \
    "-DCMAKE_SHARED_LINKER_FLAGS=-fsanitize=address,undefined"
  DIR=build-asan
  # LLVM's own allocations are not ours to report
  export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}
  # the clang plugin cannot be loaded into an uninstrumented clang: its tests,
  # and the others that build with it (label uses-plugin), run in the normal build only
  set -- -E '^plugin\.' -LE uses-plugin "$@"
else
  ./scripts/build.sh -DCMAKE_BUILD_TYPE=Release -DLPNEST_REQUIRE_ALL=ON $PY
  DIR=build
fi
cd "$DIR"
ctest -j "$JOBS" --output-on-failure --timeout 900 "$@"
