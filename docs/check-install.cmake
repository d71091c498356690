# `cmake --install <build> --component docs --prefix PREFIX` installs koderagent.qch into
# PREFIX/QCH_DIR (Qt's documentation folder).
file(REMOVE_RECURSE ${PREFIX})
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD_DIR} --component docs --prefix ${PREFIX}
                RESULT_VARIABLE result)
if(NOT result EQUAL 0)
    message(FATAL_ERROR "cmake --install --component docs failed")
endif()
if(NOT EXISTS ${PREFIX}/${QCH_DIR}/koderagent.qch)
    message(FATAL_ERROR "koderagent.qch is not installed in ${PREFIX}/${QCH_DIR}")
endif()
file(SIZE ${PREFIX}/${QCH_DIR}/koderagent.qch size)
message(STATUS "installed ${PREFIX}/${QCH_DIR}/koderagent.qch (${size} bytes)")
