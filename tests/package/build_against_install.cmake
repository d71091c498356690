# Included by the package tests: installs the build tree BUILD_DIR into a fresh prefix under
# WORK_DIR, then configures and builds the project SOURCE_DIR against that prefix alone. Sets
# `prefix` (the install prefix) and `project_build` (the project's build directory), and
# provides run(step command...), which stops the test when a command fails.
file(REMOVE_RECURSE ${WORK_DIR})
set(prefix ${WORK_DIR}/prefix)
set(project_build ${WORK_DIR}/build)

function(run step)
    execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc)
    if(NOT rc EQUAL 0)
        message(FATAL_ERROR "${step} failed (${rc})")
    endif()
endfunction()

run(install ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})
run(configure ${CMAKE_COMMAND} -S ${SOURCE_DIR} -B ${project_build} -G Ninja
    -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH=${prefix})
run(build ${CMAKE_COMMAND} --build ${project_build})
