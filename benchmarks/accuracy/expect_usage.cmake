# expect_usage.cmake — runs CMD with ARGS ('|'-separated) and prints its stderr and exit code
# as "STDERR; exit N", for a test's PASS_REGULAR_EXPRESSION to hold both.
string(REPLACE "|" ";" _args "${ARGS}")
execute_process(COMMAND ${CMD} ${_args} RESULT_VARIABLE _rc ERROR_VARIABLE _err OUTPUT_QUIET)
string(STRIP "${_err}" _err)
message("${_err}; exit ${_rc}")
