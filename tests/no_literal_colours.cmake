# The components take their colours from the palette and KoderTheme: no colour is written into
# a component of qml/ or a template of qml/templates/ (KoderTheme.qml, where the status colours
# are derived, is the one place).
# A "#rgb"-style string, Qt.rgba/rgb/hsla/hsva or a named colour fails this test.
file(GLOB_RECURSE files ${QML_DIR}/*.qml)
list(FILTER files EXCLUDE REGEX "/KoderTheme\\.qml$")
set(found)
foreach(file IN LISTS files)
    file(STRINGS ${file} lines)
    set(number 0)
    foreach(line IN LISTS lines)
        math(EXPR number "${number} + 1")
        if(line MATCHES "^[ \t]*//")
            continue()
        endif()
        if(line MATCHES "\"#[0-9A-Fa-f][0-9A-Fa-f][0-9A-Fa-f]" OR
           line MATCHES "Qt\\.(rgba|rgb|hsla|hsva|hsl|hsv)\\(" OR
           line MATCHES "[Cc]olor: *\"(red|green|blue|white|black|gray|grey|yellow|orange|purple|darkred|lightgray|lightgrey)\"")
            get_filename_component(name ${file} NAME)
            list(APPEND found "${name}:${number}: ${line}")
        endif()
    endforeach()
endforeach()
list(LENGTH files count)
if(count EQUAL 0)
    message(FATAL_ERROR "no QML file found in ${QML_DIR}")
endif()
if(found)
    list(JOIN found "\n" report)
    message(FATAL_ERROR "literal colours in the components (use the palette or KoderTheme):\n${report}")
endif()
message(STATUS "${count} components, no literal colour")
