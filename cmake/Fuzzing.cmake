# KODER_BUILD_FUZZERS=ON: the fuzz targets of tests/fuzz (LLVMFuzzerTestOneInput), one line each:
#
#   koder_add_fuzzer(fuzz_name fuzz_name.cpp LIBS koder_wire [DICT words.dict])
#
# Its seed corpus is tests/fuzz/corpus/fuzz_name/ (required). What it builds depends on the
# compiler:
# - clang: a libFuzzer binary (-fsanitize=fuzzer, with ASan + UBSan when KODER_SANITIZE is on).
#   The project libraries it names in LIBS are linked as coverage-instrumented copies
#   (<lib>_fuzz, see koder_fuzz_variants), so the fuzzer sees their branches while the real
#   libraries stay as the rest of the build uses them. ctest runs it for KODER_FUZZ_SECONDS on a
#   scratch corpus under the build tree seeded from the corpus folder (label `fuzz`).
# - any other compiler: a plain executable with tests/fuzz/replay_main.cpp as its main; ctest
#   replays the seed corpus through it (label `fuzz`), a regression test of every seed.
# The `fuzzers` target builds them all.
set(KODER_FUZZ_SECONDS 30 CACHE STRING "How long ctest runs each libFuzzer target, in seconds")

add_custom_target(fuzzers)

set(KODER_FUZZ_ENGINE replay)
if(CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    include(CheckCXXSourceCompiles)
    set(CMAKE_REQUIRED_FLAGS -fsanitize=fuzzer)
    set(CMAKE_REQUIRED_LINK_OPTIONS -fsanitize=fuzzer)
    set(CMAKE_REQUIRED_QUIET ON)
    check_cxx_source_compiles([[
        #include <cstddef>
        #include <cstdint>
        extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t*, std::size_t) { return 0; }
    ]] KODER_HAVE_LIBFUZZER)
    unset(CMAKE_REQUIRED_FLAGS)
    unset(CMAKE_REQUIRED_LINK_OPTIONS)
    unset(CMAKE_REQUIRED_QUIET)
    if(KODER_HAVE_LIBFUZZER)
        set(KODER_FUZZ_ENGINE libfuzzer)
    else()
        message(WARNING "clang cannot link -fsanitize=fuzzer (install libclang-rt-dev): the fuzz "
                        "targets only replay their seed corpora")
    endif()
endif()
message(STATUS "Fuzz targets: ${KODER_FUZZ_ENGINE}")

# libFuzzer needs coverage of the code under test, not only of the harness: each project static
# library a fuzzer names (and each one those link) is compiled a second time with
# -fsanitize=fuzzer-no-link as <lib>_fuzz, with the original's include directories, definitions
# and options (transitive, as the original sees them). The fuzzer links the copies first and then
# the originals, which contribute their external dependencies (simdjson, ...) and nothing else:
# every symbol of theirs is already defined by the copies.
function(koder_fuzz_variants libs out)
    set(result)
    foreach(lib IN LISTS libs)
        if(NOT TARGET ${lib})
            continue()
        endif()
        get_target_property(aliased ${lib} ALIASED_TARGET)
        if(aliased)
            set(lib ${aliased})
        endif()
        get_target_property(type ${lib} TYPE)
        get_target_property(imported ${lib} IMPORTED)
        if(imported OR NOT type STREQUAL "STATIC_LIBRARY")
            continue()
        endif()
        set(variant ${lib}_fuzz)
        if(NOT TARGET ${variant})
            get_target_property(dir ${lib} SOURCE_DIR)
            get_target_property(sources ${lib} SOURCES)
            set(absolute)
            foreach(s IN LISTS sources)
                if(IS_ABSOLUTE "${s}" OR s MATCHES "^\\$<")
                    list(APPEND absolute "${s}")
                else()
                    list(APPEND absolute "${dir}/${s}")
                endif()
            endforeach()
            add_library(${variant} STATIC EXCLUDE_FROM_ALL ${absolute})
            set_target_properties(${variant} PROPERTIES AUTOMOC OFF AUTOUIC OFF AUTORCC OFF)
            target_include_directories(${variant} PRIVATE
                $<TARGET_PROPERTY:${lib},INCLUDE_DIRECTORIES>)
            target_compile_definitions(${variant} PRIVATE
                $<TARGET_PROPERTY:${lib},COMPILE_DEFINITIONS>)
            target_compile_options(${variant} PRIVATE
                $<TARGET_PROPERTY:${lib},COMPILE_OPTIONS> -fsanitize=fuzzer-no-link)
        endif()
        # The project libraries this one links come after it.
        get_target_property(deps ${lib} LINK_LIBRARIES)
        set(more)
        if(deps)
            koder_fuzz_variants("${deps}" more)
        endif()
        list(REMOVE_ITEM result ${variant} ${more})
        list(APPEND result ${variant} ${more})
    endforeach()
    set(${out} ${result} PARENT_SCOPE)
endfunction()

function(koder_add_fuzzer name)
    cmake_parse_arguments(PARSE_ARGV 1 arg "" "DICT" "LIBS")
    set(corpus ${CMAKE_CURRENT_SOURCE_DIR}/corpus/${name})
    if(NOT IS_DIRECTORY ${corpus})
        message(FATAL_ERROR "koder_add_fuzzer(${name}): no seed corpus in ${corpus}")
    endif()
    set(dict)
    if(arg_DICT)
        get_filename_component(dict ${arg_DICT} ABSOLUTE BASE_DIR ${CMAKE_CURRENT_SOURCE_DIR})
    endif()

    add_executable(${name} ${arg_UNPARSED_ARGUMENTS})
    set_target_properties(${name} PROPERTIES AUTOMOC OFF AUTOUIC OFF AUTORCC OFF) # plain C++
    add_dependencies(fuzzers ${name})
    if(KODER_FUZZ_ENGINE STREQUAL "libfuzzer")
        koder_fuzz_variants("${arg_LIBS}" variants)
        target_link_libraries(${name} PRIVATE ${variants} ${arg_LIBS})
        target_compile_options(${name} PRIVATE -fsanitize=fuzzer)
        target_link_options(${name} PRIVATE -fsanitize=fuzzer)
        add_test(NAME ${name}
                 COMMAND ${CMAKE_COMMAND} -DFUZZER=$<TARGET_FILE:${name}> -DSEEDS=${corpus}
                         -DWORK=${CMAKE_CURRENT_BINARY_DIR}/${name}-work -DSECONDS=${KODER_FUZZ_SECONDS}
                         -DDICT=${dict} -P ${PROJECT_SOURCE_DIR}/tests/fuzz/run_fuzzer.cmake)
        math(EXPR timeout "${KODER_FUZZ_SECONDS} + 300")
        set_tests_properties(${name} PROPERTIES LABELS fuzz TIMEOUT ${timeout})
    else()
        target_sources(${name} PRIVATE ${PROJECT_SOURCE_DIR}/tests/fuzz/replay_main.cpp)
        target_link_libraries(${name} PRIVATE ${arg_LIBS})
        add_test(NAME ${name} COMMAND ${name} ${corpus})
        set_tests_properties(${name} PROPERTIES LABELS fuzz)
    endif()
    koder_strict_warnings(${name}) # once every source is in
endfunction()
