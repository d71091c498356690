# Fails when a source file includes against the dependency direction of the layers (the
# reference's Architecture page, docs/src/architecture.qdoc):
#
#     demo-app -> qml -> plugin -> qt -> core (the state machine <- core/wire)
#
# Every #include of every C++ file in the layered folders is read and resolved as the compiler
# would (beside the including file first, then by file name in the layers' folders: the project
# includes its headers by file name, so a file name may live in one layered folder only), and
# checked against what its folder may see:
#   core/include  (the state machine's public headers) its own folder; the standard library
#   core/src      (the state machine)                  core/; the standard library, nlohmann-json
#   core/wire     (the byte decoders)                  core/include, its own folder; the standard
#                                                      library, simdjson, nlohmann-json
#   qt/           (the Qt library)                     core/, core/wire, its own folder; the
#                                                      standard library, QtCore, QtNetwork, QtSql,
#                                                      QtWebSockets (not QtGui, QtQml, QtQuick),
#                                                      md4c (the Markdown parser of the export)
#   plugin/       (the QML plugin's C++)               core/include, qt/, its own folder; the
#                                                      standard library, any Qt module
#   demo-app/     (the demo)                           core/include, qt/, plugin/, its own folder;
#                                                      the standard library, any Qt module
#   qml/          holds QML only: no C++ file at all
# Tests, benchmarks and examples may reach any layer and are not checked. Quoted includes that
# are in no layer are accepted only as moc's output (*.moc, moc_*.cpp).
#
# Usage: cmake -DSOURCE_DIR=<the project's root> -P layering.cmake
# tests/layering_catches_wrong_include.cmake runs it on scratch copies with planted includes.
cmake_minimum_required(VERSION 3.25)
if(NOT SOURCE_DIR)
    message(FATAL_ERROR "usage: cmake -DSOURCE_DIR=<dir> -P layering.cmake")
endif()

# Folder, layer name, the folders (layers) it may include, what it may include in <...>.
set(std "^[a-z_0-9]+$") # <string>, <cstdint>: the standard library's headers have no extension
set(layer_folders core/include core/src core/wire qt plugin demo-app)
set(core/include_name "core (public headers)")
set(core/include_may core/include)
set(core/include_system "${std}")
set(core/src_name "core")
set(core/src_may core/include core/src)
set(core/src_system "${std}|^nlohmann/")
set(core/wire_name "core/wire")
set(core/wire_may core/include core/wire)
set(core/wire_system "${std}|^simdjson\\.h$|^nlohmann/")
set(qt_name "qt")
set(qt_may core/include core/src core/wire qt)
set(qt_system "${std}|^Qt(Core|Network|Sql|WebSockets)/|^md4c\\.h$")
set(plugin_name "plugin")
set(plugin_may core/include qt plugin)
set(plugin_system "${std}|^Qt[A-Za-z0-9]+/")
set(demo-app_name "demo-app")
set(demo-app_may core/include qt plugin demo-app)
set(demo-app_system "${std}|^Qt[A-Za-z0-9]+/")

set(failures)
macro(fail text)
    list(APPEND failures "${text}")
endmacro()

# qml/ is QML only.
file(GLOB_RECURSE cxx_in_qml RELATIVE ${SOURCE_DIR} ${SOURCE_DIR}/qml/*.cpp ${SOURCE_DIR}/qml/*.h)
foreach(file IN LISTS cxx_in_qml)
    fail("${file}: qml/ holds QML only; C++ of the QML module belongs in plugin/")
endforeach()

# Every file of every layer, and which folder holds each file name.
set(all_files)
foreach(folder IN LISTS layer_folders)
    file(GLOB_RECURSE files RELATIVE ${SOURCE_DIR} ${SOURCE_DIR}/${folder}/*.cpp
         ${SOURCE_DIR}/${folder}/*.h)
    foreach(file IN LISTS files)
        get_filename_component(name ${file} NAME)
        if(DEFINED "where_${name}")
            fail("${file}: the file name ${name} is also ${where_${name}}; headers are included "
                 "by file name, so each name lives in one place")
        else()
            set("where_${name}" ${file})
        endif()
        list(APPEND all_files ${file})
        set("folder_of_${file}" ${folder})
    endforeach()
endforeach()

# The layered folder that holds a file (relative to SOURCE_DIR), or "" when it is in none.
function(folder_of path out)
    set(result "")
    foreach(folder IN LISTS layer_folders)
        cmake_path(IS_PREFIX folder "${path}" NORMALIZE inside)
        if(inside)
            set(result ${folder})
        endif()
    endforeach()
    set(${out} "${result}" PARENT_SCOPE)
endfunction()

foreach(file IN LISTS all_files)
    set(folder "${folder_of_${file}}")
    set(layer "${${folder}_name}")
    get_filename_component(dir ${file} DIRECTORY)
    file(STRINGS ${SOURCE_DIR}/${file} lines REGEX "^[ \t]*#[ \t]*include")
    foreach(line IN LISTS lines)
        if(line MATCHES "^[ \t]*#[ \t]*include[ \t]*\"([^\"]+)\"")
            set(included "${CMAKE_MATCH_1}")
            # Beside the including file, then in the layers' include folders, then by name.
            set(target "")
            foreach(base IN ITEMS ${dir} core/include)
                cmake_path(APPEND base "${included}" OUTPUT_VARIABLE candidate)
                cmake_path(NORMAL_PATH candidate)
                set(candidate ${SOURCE_DIR}/${candidate})
                if(EXISTS ${candidate} AND NOT IS_DIRECTORY ${candidate})
                    cmake_path(RELATIVE_PATH candidate BASE_DIRECTORY ${SOURCE_DIR})
                    set(target ${candidate})
                    break()
                endif()
            endforeach()
            if(NOT target AND NOT included MATCHES "/")
                if(DEFINED "where_${included}")
                    set(target "${where_${included}}")
                endif()
            endif()
            if(NOT target)
                get_filename_component(name "${included}" NAME)
                if(NOT name MATCHES "\\.moc$|^moc_")
                    fail("${file}: #include \"${included}\" is in no layer of the project")
                endif()
                continue()
            endif()
            folder_of(${target} target_folder)
            if(NOT target_folder)
                fail("${file}: ${layer} must not include ${target} (outside the layers)")
            elseif(NOT target_folder IN_LIST ${folder}_may)
                fail("${file}: ${layer} must not include ${target} (${${target_folder}_name}): "
                     "against demo-app -> qml -> plugin -> qt -> core <- core/wire")
            endif()
        elseif(line MATCHES "^[ \t]*#[ \t]*include[ \t]*<([^>]+)>")
            set(included "${CMAKE_MATCH_1}")
            if(NOT included MATCHES "${${folder}_system}")
                fail("${file}: ${layer} must not include <${included}>")
            endif()
        else()
            fail("${file}: an #include the check cannot read: ${line}")
        endif()
    endforeach()
endforeach()

list(LENGTH all_files count)
if(failures)
    foreach(failure IN LISTS failures)
        message(NOTICE "${failure}") # one line each, unwrapped
    endforeach()
    list(LENGTH failures failed)
    message(FATAL_ERROR "${failed} include(s) against the layers (see this file's header)")
endif()
message(STATUS "layering: ${count} files, every include goes down the layers")
