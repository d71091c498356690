# Builds the reference (cmake -P; docs/CMakeLists.txt passes the arguments): qdoc over
# SOURCE_DIR into OUTPUT_DIR/html, failing on any warning (warninglimit 0 in the qdocconf); then
# doccoverage over the index; with QCH=ON, qhelpgenerator packs OUTPUT_DIR/koderagent.qch and
# doccoverage checks that Qt's help engine registers it and finds every type.
foreach(var QDOC DOCCOVERAGE SOURCE_DIR OUTPUT_DIR QT_INSTALL_DOCS QT_VERSION KODER_VERSION
            INCLUDE_DIRS QMLTYPES METATYPES)
    if(NOT DEFINED ${var})
        message(FATAL_ERROR "build-docs.cmake: ${var} is not set")
    endif()
endforeach()

string(REPLACE "|" ";" INCLUDE_DIRS "${INCLUDE_DIRS}")
string(REPLACE "|" ";" METATYPES "${METATYPES}")
set(html ${OUTPUT_DIR}/html)
file(REMOVE_RECURSE ${html})
file(MAKE_DIRECTORY ${html})
set(include_args)
foreach(dir IN LISTS INCLUDE_DIRS)
    list(APPEND include_args -I${dir})
endforeach()
string(REGEX MATCH "^[0-9]+\\.[0-9]+" qt_ver ${QT_VERSION})
string(REPLACE "." "" qt_version_tag ${QT_VERSION})
string(REPLACE "." "" koder_version_tag ${KODER_VERSION})

message(STATUS "qdoc: ${SOURCE_DIR}/docs/koderagent.qdocconf -> ${html}")
execute_process(
    COMMAND ${CMAKE_COMMAND} -E env
        QT_INSTALL_DOCS=${QT_INSTALL_DOCS} QT_VER=${qt_ver} QT_VERSION=${QT_VERSION}
        QT_VERSION_TAG=${qt_version_tag} KODER_VERSION=${KODER_VERSION}
        KODER_VERSION_TAG=${koder_version_tag} BUILDDIR=${OUTPUT_DIR}
        ${QDOC} ${SOURCE_DIR}/docs/koderagent.qdocconf --outputdir ${html} ${include_args}
    RESULT_VARIABLE qdoc_result
    OUTPUT_VARIABLE qdoc_output
    ERROR_VARIABLE qdoc_output)
# qdoc's progress lines say nothing; the warnings and errors are what matter.
string(REGEX MATCHALL "[^\n]*(warning|error)[^\n]*" problems "${qdoc_output}")
list(LENGTH problems problem_count)
foreach(problem IN LISTS problems)
    message("${problem}")
endforeach()
set(qdoc_failed FALSE)
if(NOT qdoc_result EQUAL 0 OR problem_count GREATER 0)
    set(qdoc_failed TRUE)
    message("qdoc: ${problem_count} warning(s) or error(s); the reference must have none")
else()
    message(STATUS "qdoc: no warnings")
endif()
if(NOT EXISTS ${html}/koderagent.index)
    message(FATAL_ERROR "qdoc wrote no index (${html}/koderagent.index)")
endif()

set(coverage_args --index ${html}/koderagent.index --qmltypes ${QMLTYPES}
    --qml-dir ${SOURCE_DIR}/qml --core-headers ${SOURCE_DIR}/core/include/koder/agent)
foreach(file IN LISTS METATYPES)
    list(APPEND coverage_args --metatypes ${file})
endforeach()

# The .qch only from a clean reference; the coverage check runs either way, so one build lists
# every problem.
if(QCH AND NOT qdoc_failed)
    set(qch ${OUTPUT_DIR}/koderagent.qch)
    execute_process(COMMAND ${QHELPGENERATOR} ${html}/koderagent.qhp -o ${qch}
                    RESULT_VARIABLE qhg_result OUTPUT_VARIABLE qhg_output ERROR_VARIABLE qhg_output)
    if(NOT qhg_result EQUAL 0)
        message(FATAL_ERROR "qhelpgenerator failed:\n${qhg_output}")
    endif()
    list(APPEND coverage_args --qch ${qch} --work-dir ${OUTPUT_DIR})
    # A help collection holding it, for `assistant -collectionFile koderagent.qhc` (Assistant 6.4's
    # own -register cannot write its default collection).
    file(WRITE ${OUTPUT_DIR}/koderagent.qhcp [=[<?xml version="1.0" encoding="utf-8" ?>
<QHelpCollectionProject version="1.0">
    <docFiles>
        <register>
            <file>koderagent.qch</file>
        </register>
    </docFiles>
</QHelpCollectionProject>
]=])
    execute_process(COMMAND ${QHELPGENERATOR} ${OUTPUT_DIR}/koderagent.qhcp
                            -o ${OUTPUT_DIR}/koderagent.qhc
                    RESULT_VARIABLE qhc_result OUTPUT_VARIABLE qhc_output ERROR_VARIABLE qhc_output)
    if(NOT qhc_result EQUAL 0)
        message(FATAL_ERROR "qhelpgenerator (collection) failed:\n${qhc_output}")
    endif()
endif()

execute_process(COMMAND ${DOCCOVERAGE} ${coverage_args} RESULT_VARIABLE coverage_result)
if(NOT coverage_result EQUAL 0)
    message("doccoverage: the reference leaves public API undocumented (listed above)")
endif()
if(qdoc_failed OR NOT coverage_result EQUAL 0)
    message(FATAL_ERROR "the reference is not complete: see the qdoc warnings and doccoverage above")
endif()
if(QCH)
    message(STATUS "Reference: ${html}/index.html, ${qch} and its collection "
                   "${OUTPUT_DIR}/koderagent.qhc")
endif()
