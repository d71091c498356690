# Installs the build tree into a fresh prefix, then configures, builds and runs the consumer
# project against that prefix alone.
# Usage: cmake -DBUILD_DIR=<build> -DWORK_DIR=<scratch> -DSOURCE_DIR=<consumer> -P this-file
file(REMOVE_RECURSE ${WORK_DIR})
set(prefix ${WORK_DIR}/prefix)

function(run step)
    execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc)
    if(NOT rc EQUAL 0)
        message(FATAL_ERROR "${step} failed (${rc})")
    endif()
endfunction()

run(install ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})
run(configure ${CMAKE_COMMAND} -S ${SOURCE_DIR} -B ${WORK_DIR}/build -G Ninja
    -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH=${prefix})
run(build ${CMAKE_COMMAND} --build ${WORK_DIR}/build)
run(consume ${CMAKE_COMMAND} -E env QT_QPA_PLATFORM=offscreen ${WORK_DIR}/build/consumer)
message(STATUS "installed into ${prefix}; the consumer built and ran against it")
