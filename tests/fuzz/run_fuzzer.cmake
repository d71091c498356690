# Runs one libFuzzer target for SECONDS on a scratch corpus (WORK/corpus, seeded from SEEDS; the
# source tree is never written), crash artifacts in WORK/artifacts, the log in WORK/fuzz.log.
# Fails when the fuzzer reports a finding (crash, sanitizer report, leak, timeout, OOM).
# Usage: cmake -DFUZZER=<exe> -DSEEDS=<dir> -DWORK=<dir> -DSECONDS=<n> [-DDICT=<file>] -P this-file
foreach(var FUZZER SEEDS WORK SECONDS)
    if(NOT DEFINED ${var})
        message(FATAL_ERROR "run_fuzzer.cmake: -D${var}=... missing")
    endif()
endforeach()
get_filename_component(name ${FUZZER} NAME)

# The corpus grows across runs in the same build tree; the seeds are copied in every time.
file(REMOVE_RECURSE ${WORK}/artifacts)
file(MAKE_DIRECTORY ${WORK}/corpus ${WORK}/artifacts)
file(GLOB seeds ${SEEDS}/*)
file(COPY ${seeds} DESTINATION ${WORK}/corpus)
file(REMOVE ${WORK}/fuzz.log)

set(args -max_total_time=${SECONDS} -timeout=25 -print_final_stats=1
         -artifact_prefix=${WORK}/artifacts/)
if(DICT)
    list(APPEND args -dict=${DICT})
endif()
message(STATUS "${name} ${args} ${WORK}/corpus")
execute_process(COMMAND ${FUZZER} ${args} ${WORK}/corpus
                WORKING_DIRECTORY ${WORK}
                RESULT_VARIABLE rc
                OUTPUT_FILE ${WORK}/fuzz.out
                ERROR_FILE ${WORK}/fuzz.log)

# libFuzzer reports on stderr: show the end of it (the whole of it is in the log). Read as one
# string, not as a list of lines: its lines hold unbalanced brackets, which CMake lists honour.
file(READ ${WORK}/fuzz.log log)
if(rc EQUAL 0)
    set(tail 12)
else()
    set(tail 200)
endif()
string(LENGTH "${log}" at)
foreach(i RANGE ${tail})
    if(at LESS_EQUAL 0)
        set(at 0)
        break()
    endif()
    string(SUBSTRING "${log}" 0 ${at} head)
    string(FIND "${head}" "\n" at REVERSE)
endforeach()
if(at LESS 0)
    set(at 0)
endif()
string(SUBSTRING "${log}" ${at} -1 shown)
message("${shown}")
if(NOT rc EQUAL 0)
    file(GLOB artifacts ${WORK}/artifacts/*)
    message(FATAL_ERROR "${name} found a problem (exit ${rc}); log: ${WORK}/fuzz.log; "
                        "reproduce with: ${FUZZER} ${artifacts}")
endif()
