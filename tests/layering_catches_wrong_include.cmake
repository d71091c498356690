# Shows that the layering check (layering.cmake) fails on a wrong include: copies the layered
# folders into WORK_DIR, checks that the copy passes, then plants one wrong include at a time in
# a scratch copy and passes only if the check fails each time, naming the file and the include.
# Usage: cmake -DSOURCE_DIR=<the project's root> -DWORK_DIR=<scratch dir>
#        -P layering_catches_wrong_include.cmake
cmake_minimum_required(VERSION 3.25)
set(check ${CMAKE_CURRENT_LIST_DIR}/layering.cmake)

function(copy_tree to)
    file(REMOVE_RECURSE ${to})
    foreach(dir core qt plugin qml demo-app)
        file(COPY ${SOURCE_DIR}/${dir} DESTINATION ${to}
             FILES_MATCHING PATTERN "*.cpp" PATTERN "*.h" PATTERN "*.qml")
    endforeach()
endfunction()

function(run_check dir result_var output_var)
    execute_process(COMMAND ${CMAKE_COMMAND} -DSOURCE_DIR=${dir} -P ${check}
                    RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
    set(${result_var} ${result} PARENT_SCOPE)
    set(${output_var} "${output}" PARENT_SCOPE)
endfunction()

set(clean ${WORK_DIR}/clean)
copy_tree(${clean})
run_check(${clean} result output)
if(NOT result EQUAL 0)
    message(FATAL_ERROR "the unchanged copy fails the check:\n${output}")
endif()

# <file>|<line to add>|<what the failure must say>
set(plants
    "core/src/reducer.cpp|#include <QtCore/QString>|core must not include <QtCore/QString>"
    "core/src/reducer.cpp|#include \"ssedecoder.h\"|core must not include core/wire/ssedecoder.h"
    "core/src/reducer.cpp|#include \"kodertool.h\"|core must not include qt/kodertool.h"
    "core/include/koder/agent/state.h|#include \"reduction.h\"|\
core (public headers) must not include core/src/reduction.h"
    "core/wire/errors.cpp|#include <QtCore/QByteArray>|\
core/wire must not include <QtCore/QByteArray>"
    "core/wire/errors.cpp|#include \"qtconvert.h\"|core/wire must not include qt/qtconvert.h"
    "qt/kodertool.cpp|#include <QtQml/QJSValue>|qt must not include <QtQml/QJSValue>"
    "qt/kodertool.cpp|#include <QtGui/QColor>|qt must not include <QtGui/QColor>"
    "qt/kodertool.cpp|#include \"kodertext.h\"|qt must not include plugin/kodertext.h"
    "plugin/kodertext.cpp|#include \"appearance.h\"|plugin must not include demo-app/appearance.h"
    "plugin/kodertext.cpp|#include \"ssedecoder.h\"|plugin must not include core/wire/ssedecoder.h"
    "qml/Bubble.cpp|// C++ beside the QML files|qml/ holds QML only")
set(index 0)
foreach(plant IN LISTS plants)
    string(REPLACE "|" ";" plant "${plant}")
    list(GET plant 0 file)
    list(GET plant 1 line)
    list(GET plant 2 expected)
    math(EXPR index "${index} + 1")
    set(dir ${WORK_DIR}/planted-${index})
    copy_tree(${dir})
    file(APPEND ${dir}/${file} "\n${line}\n")
    run_check(${dir} result output)
    string(FIND "${output}" "${file}: ${expected}" at)
    if(result EQUAL 0 OR at EQUAL -1)
        message(FATAL_ERROR "the check did not catch `${line}` in ${file} "
                            "(expected \"${file}: ${expected}\"):\n${output}")
    endif()
    message(STATUS "caught: ${file}: ${line}")
endforeach()
file(REMOVE_RECURSE ${WORK_DIR})
