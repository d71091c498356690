# Fails when a translation file has an entry nobody translated: lrelease would silently drop it
# and the user would read English in the middle of their language.
# Usage: cmake -DTS_DIR=<dir> -P translations_complete.cmake
file(GLOB files ${TS_DIR}/*.ts)
if(NOT files)
    message(FATAL_ERROR "no .ts files in ${TS_DIR}")
endif()
set(failed FALSE)
foreach(ts IN LISTS files)
    file(READ ${ts} text)
    string(REGEX MATCHALL "type=\"unfinished\"" open "${text}")
    string(REGEX MATCHALL "<translation></translation>" empty "${text}")
    list(LENGTH open unfinished)
    list(LENGTH empty blank)
    if(unfinished GREATER 0 OR blank GREATER 0)
        message(SEND_ERROR "${ts}: ${unfinished} unfinished and ${blank} empty translation(s)")
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
