# Runs PROGRAM (cmake -P, for tests whose point is how a program ends) and
# fails unless: its exit status is non-zero if EXPECT_FAILURE is set and zero
# otherwise, its stderr matches STDERR_REGEX if given, and its stdout is empty,
# because the runtime must never write to the user program's stdout.
execute_process(COMMAND "${PROGRAM}"
  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("stderr of ${PROGRAM}:\n${err}")

# A crash gives a message instead of a number; it is never the expected end.
if(NOT status MATCHES "^[0-9]+$")
  message(FATAL_ERROR "${PROGRAM} did not exit normally: ${status}")
endif()
if(EXPECT_FAILURE AND status EQUAL 0)
  message(FATAL_ERROR "${PROGRAM} exited with status 0; expected a failure")
elseif(NOT EXPECT_FAILURE AND NOT status EQUAL 0)
  message(FATAL_ERROR "${PROGRAM} exited with status ${status}")
endif()
if(DEFINED STDERR_REGEX AND NOT err MATCHES "${STDERR_REGEX}")
  message(FATAL_ERROR "stderr does not match: ${STDERR_REGEX}")
endif()
if(NOT out STREQUAL "")
  message(FATAL_ERROR "${PROGRAM} wrote to stdout:\n${out}")
endif()
