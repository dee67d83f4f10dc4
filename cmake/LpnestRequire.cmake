# LpnestRequire.cmake — what to do when an optional tool is missing and some
# tests cannot be built. By default a warning names the Debian package (cmake
# prints warnings on stderr, which scripts/build.sh shows); with
# -DLPNEST_REQUIRE_ALL=ON (scripts/test.sh, CI) it is a configure error, so
# no test is ever skipped in silence. Also finds clang's runtime libraries
# that the plugin's PGO test (profile) and the fuzz test (libFuzzer) link.
option(LPNEST_REQUIRE_ALL "Fail to configure when a tool some tests need is missing" OFF)

function(lpnest_missing what)
  if(LPNEST_REQUIRE_ALL)
    message(FATAL_ERROR "${what} (LPNEST_REQUIRE_ALL is on; scripts/deps.sh installs it)")
  else()
    message(WARNING "${what}")
  endif()
endfunction()

# clang-19's compiler-rt archives (Debian libclang-rt-19-dev), recorded in the
# cache so that the setup test (tests/setup) maps them to their package.
function(lpnest_find_clang_runtime)
  execute_process(COMMAND ${LPNEST_CLANG} -print-resource-dir OUTPUT_VARIABLE _res
                  OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  set(_dirs ${_res}/lib/linux ${_res}/lib/x86_64-pc-linux-gnu ${_res}/lib/x86_64-unknown-linux-gnu)
  find_file(LPNEST_CLANG_PROFILE_RT NAMES libclang_rt.profile-x86_64.a libclang_rt.profile.a
            PATHS ${_dirs} NO_DEFAULT_PATH)
  find_file(LPNEST_CLANG_FUZZER_RT NAMES libclang_rt.fuzzer-x86_64.a libclang_rt.fuzzer.a
            PATHS ${_dirs} NO_DEFAULT_PATH)
  if(NOT LPNEST_CLANG_PROFILE_RT)
    lpnest_missing("clang-19's profile runtime (libclang-rt-19-dev) not found: plugin.pgo and plugin.readme will fail")
  endif()
  if(NOT LPNEST_CLANG_FUZZER_RT)
    lpnest_missing("clang-19's libFuzzer (libclang-rt-19-dev) not found: the lpn_fuzz_load test is not built")
  endif()
endfunction()
