# Installs the build tree into a fresh prefix, then configures, builds and runs the consumer
# project against that prefix alone.
# Usage: cmake -DBUILD_DIR=<build> -DWORK_DIR=<scratch> -DSOURCE_DIR=<consumer> -P this-file
include(${CMAKE_CURRENT_LIST_DIR}/build_against_install.cmake)
run(consume ${CMAKE_COMMAND} -E env QT_QPA_PLATFORM=offscreen ${project_build}/consumer)
message(STATUS "installed into ${prefix}; the consumer built and ran against it")
