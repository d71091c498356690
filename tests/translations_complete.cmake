# Fails when a translation file has an entry nobody translated: lrelease would silently drop it
# and the user would read English in the middle of their language.
# With LUPDATE and PROJECTS ("<lupdate project .cmake>=<ts prefix>|...": the files
# qt_add_translations writes at generate time, listing each target's sources), the check runs on
# copies that lupdate has first refreshed from the sources, so a string added to the code but
# never brought into the .ts files (update_translations not run) fails too.
# Usage: cmake -DTS_DIR=<dir> [-DLUPDATE=<lupdate> -DPROJECTS=<...> -DWORK_DIR=<dir>]
#        -P translations_complete.cmake
file(GLOB files ${TS_DIR}/*.ts)
if(NOT files)
    message(FATAL_ERROR "no .ts files in ${TS_DIR}")
endif()
if(LUPDATE)
    file(REMOVE_RECURSE ${WORK_DIR})
    file(MAKE_DIRECTORY ${WORK_DIR})
    string(REPLACE "|" ";" projects "${PROJECTS}")
    set(files)
    foreach(pair IN LISTS projects)
        string(REPLACE "=" ";" pair "${pair}")
        list(GET pair 0 project)
        list(GET pair 1 prefix)
        if(NOT EXISTS ${project})
            message(FATAL_ERROR "no lupdate project ${project} (configure the build first)")
        endif()
        include(${project}) # lupdate_sources, lupdate_include_paths
        file(GLOB ts_files ${TS_DIR}/${prefix}_*.ts)
        file(COPY ${ts_files} DESTINATION ${WORK_DIR})
        set(copies)
        foreach(ts IN LISTS ts_files)
            get_filename_component(name ${ts} NAME)
            list(APPEND copies ${WORK_DIR}/${name})
        endforeach()
        set(includes)
        foreach(dir IN LISTS lupdate_include_paths)
            list(APPEND includes -I${dir})
        endforeach()
        execute_process(COMMAND ${LUPDATE} -silent ${lupdate_sources} ${includes} -ts ${copies}
                                -no-obsolete -locations none
                        RESULT_VARIABLE result)
        if(NOT result EQUAL 0)
            message(FATAL_ERROR "lupdate failed on ${project}")
        endif()
        list(APPEND files ${copies})
    endforeach()
endif()
set(failed FALSE)
foreach(ts IN LISTS files)
    file(READ ${ts} text)
    string(REGEX MATCHALL "type=\"unfinished\"" open "${text}")
    string(REGEX MATCHALL "<translation></translation>" empty "${text}")
    list(LENGTH open unfinished)
    list(LENGTH empty blank)
    if(unfinished GREATER 0 OR blank GREATER 0)
        message(SEND_ERROR "${ts}: ${unfinished} unfinished and ${blank} empty translation(s) "
                           "(run the update_translations target, then translate)")
        # Name the plain ones (a source directly followed by its open translation).
        string(REGEX MATCHALL "<source>[^<]*</source>[ \t\r\n]*<translation type=\"unfinished\""
               named "${text}")
        foreach(entry IN LISTS named)
            message("  ${entry}")
        endforeach()
        set(failed TRUE)
    endif()
endforeach()
if(NOT failed)
    list(LENGTH files n)
    message(STATUS "${n} translation file(s) complete")
endif()
