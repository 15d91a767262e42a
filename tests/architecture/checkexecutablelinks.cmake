# Fails when the lockbench executable itself needs Qt Widgets or Qt Charts: the command line
# runs without them, and loads them with the window's module only for the window, a report or
# chart files (app/cli/windowmodule.h).
# Usage: cmake -DEXECUTABLE=<path> -P checkexecutablelinks.cmake
cmake_minimum_required(VERSION 3.25)

execute_process(COMMAND readelf --dynamic --wide "${EXECUTABLE}" OUTPUT_VARIABLE dynamic RESULT_VARIABLE status)
if(NOT status EQUAL 0)
    message(FATAL_ERROR "readelf could not read ${EXECUTABLE}")
endif()
string(REGEX MATCHALL "\\(NEEDED\\)[^\n]*\\[[^]]+\\]" needed "${dynamic}")
if(NOT needed MATCHES "libQt6Core")
    message(FATAL_ERROR "no Qt library among what ${EXECUTABLE} needs: not the executable expected\n${needed}")
endif()
foreach(library libQt6Widgets libQt6Charts)
    if(needed MATCHES "${library}")
        message(FATAL_ERROR "${EXECUTABLE} needs ${library}:\n${needed}")
    endif()
endforeach()
list(LENGTH needed count)
message(STATUS "${EXECUTABLE} needs ${count} libraries, neither Qt Widgets nor Qt Charts")
