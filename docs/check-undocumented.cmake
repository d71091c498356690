# Shows that the reference check fails when documentation goes missing: copies what qdoc reads
# into WORK_DIR, deletes there the QML and the C++ documentation of KoderOpenAiTransport's
# temperature property and that of a plain C++ method (KoderAgentController::addHooks), runs
# build-docs.cmake on the copy and passes only if it fails naming all three.
file(REMOVE_RECURSE ${WORK_DIR})
foreach(dir docs qml plugin qt core examples tests demo-app bench)
    file(COPY ${SOURCE_DIR}/${dir} DESTINATION ${WORK_DIR}/src
         FILES_MATCHING PATTERN "*.qdocconf" PATTERN "*.qdoc" PATTERN "*.cpp" PATTERN "*.h"
                        PATTERN "*.qml" PATTERN "*.png" PATTERN "*.js" PATTERN "*.index"
                        PATTERN "CMakeLists.txt")
endforeach()

set(file ${WORK_DIR}/src/qt/koderopenaitransport.cpp)
file(READ ${file} text)
set(before "${text}")
# A qdoc comment is "/*!" up to the next "*/"; drop those whose topic is the property.
string(REGEX REPLACE "/\\*![^*]*\\\\qmlproperty[^\n]*KoderOpenAiTransport::temperature[^*]*\\*/" ""
       text "${text}")
string(REGEX REPLACE "/\\*![^*]*\\\\property KoderOpenAiTransport::temperature[^*]*\\*/" ""
       text "${text}")
if(text STREQUAL before)
    message(FATAL_ERROR "no documentation of KoderOpenAiTransport::temperature found in ${file}")
endif()
file(WRITE ${file} "${text}")

set(file ${WORK_DIR}/src/qt/koderagentcontroller.cpp)
file(READ ${file} text)
set(before "${text}")
string(REGEX REPLACE "/\\*![^*]*\\\\fn void KoderAgentController::addHooks[^*]*\\*/" "" text
       "${text}")
if(text STREQUAL before)
    message(FATAL_ERROR "no documentation of KoderAgentController::addHooks found in ${file}")
endif()
file(WRITE ${file} "${text}")

execute_process(COMMAND ${CMAKE_COMMAND}
        -DQDOC=${QDOC} -DQHELPGENERATOR=${QHELPGENERATOR} -DDOCCOVERAGE=${DOCCOVERAGE}
        -DCLANGXX=${CLANGXX}
        -DQT_INSTALL_DOCS=${QT_INSTALL_DOCS} -DQT_VERSION=${QT_VERSION}
        -DKODER_VERSION=${KODER_VERSION} -DINCLUDE_DIRS=${INCLUDE_DIRS} -DQMLTYPES=${QMLTYPES}
        -DMETATYPES=${METATYPES} -DSOURCE_DIR=${WORK_DIR}/src -DOUTPUT_DIR=${WORK_DIR}/out
        -P ${DOCS_SCRIPT}
    RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
message("${output}")
if(result EQUAL 0)
    message(FATAL_ERROR "the reference check passed with an undocumented property")
endif()
foreach(expected "QML property KoderOpenAiTransport.temperature"
                 "C++ property KoderOpenAiTransport::temperature"
                 "C++ CXXMethodDecl KoderAgentController::addHooks")
    string(FIND "${output}" "${expected}" at)
    if(at EQUAL -1)
        message(FATAL_ERROR "the check failed, but did not name \"${expected}\"")
    endif()
endforeach()
message(STATUS "the reference check fails on the undocumented property, as it should")
