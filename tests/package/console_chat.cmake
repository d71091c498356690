# The Qt library without QML, as an outside project uses it: installs the build tree into a
# fresh prefix, builds examples/console-chat against that prefix alone (find_package(KoderAgent
# COMPONENTS qt), KoderAgent::qt only), runs it with no Qt platform set (a QCoreApplication
# needs none) and checks that
#   - the streamed reply ends with the stream end, and a failing agent ends it with an error
#     and a non-zero exit status;
#   - the binary loads no Qt Qml, Quick or Gui (ldd).
# Usage: cmake -DBUILD_DIR=<build> -DWORK_DIR=<scratch> -DSOURCE_DIR=<example> -P this-file
include(${CMAKE_CURRENT_LIST_DIR}/build_against_install.cmake)
set(program ${project_build}/console-chat)

# A turn to its end. QT_QPA_PLATFORM is unset: nothing here may need a display platform.
execute_process(COMMAND ${CMAKE_COMMAND} -E env --unset=QT_QPA_PLATFORM ${program} Hi there
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message(STATUS "console-chat said:\n${out}${err}")
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "console-chat exited with ${rc}")
endif()
if(NOT out MATCHES "^Hello from a QCoreApplication: no QML engine, no window\\.\n.*\\[streamEnd\\]\n$")
    message(FATAL_ERROR "console-chat: the output does not end with the stream end")
endif()

# A turn that fails: the error ends it, with a non-zero status.
execute_process(COMMAND ${CMAKE_COMMAND} -E env --unset=QT_QPA_PLATFORM ${program}
                        --fail-after 2 Hi
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message(STATUS "console-chat --fail-after 2 said:\n${out}${err}")
if(rc EQUAL 0 OR NOT out MATCHES "\\[error\\] [^\n]+\n$" OR out MATCHES "streamEnd")
    message(FATAL_ERROR "console-chat --fail-after 2: expected an error and a non-zero status")
endif()

# What the binary loads: the Qt library and Qt Core & co., nothing of QML or the GUI.
find_program(LDD ldd REQUIRED)
execute_process(COMMAND ${LDD} ${program} RESULT_VARIABLE rc OUTPUT_VARIABLE libraries)
message(STATUS "ldd console-chat:\n${libraries}")
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "ldd failed (${rc})")
endif()
if(NOT libraries MATCHES "libkoder_agent_qt\\.so[^\n]*=> ${prefix}/")
    message(FATAL_ERROR "console-chat does not load libkoder_agent_qt.so from ${prefix}")
endif()
foreach(forbidden IN ITEMS libQt6Qml libQt6Quick libQt6Gui)
    if(libraries MATCHES "${forbidden}")
        message(FATAL_ERROR "console-chat loads ${forbidden}: KoderAgent::qt must not need it")
    endif()
endforeach()
message(STATUS "console-chat built against ${prefix} ran without Qt Qml, Quick or Gui")
