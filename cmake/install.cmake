# `cmake --install <build> --prefix <dir>` installs:
#   include/koder/agent/*.h        the core's headers
#   include/KoderAgent/*.h         the Qt library's and the QML module's headers
#   lib/libkoder_core.a, libkoder_wire.a
#   lib/libkoder_agent_qt.so       the Qt library (KoderAgent::qt: Qt Core, Network, Sql,
#                                  WebSockets; the translations, :/i18n/koder_agent_<lang>.qm)
#   lib/libkoder_agent.so          the QML module's library (KoderAgent::qml: Qt Qml, Gui)
#   lib/qml/Koder/Agent/           qmldir, koder_agent.qmltypes, libkoder_agentplugin.so
#   lib/cmake/KoderAgent/          the CMake package (find_package(KoderAgent))
# The QML files are compiled into libkoder_agent.so (the qmldir prefers :/Koder/Agent/).
# Two export sets: KoderAgentTargets (core, wire, qt) needs no Qt Qml, KoderAgentQmlTargets (qml)
# is loaded by the package only when Qt Qml is found (or the `qml` component is asked for).
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(KODER_INSTALL_QMLDIR "${CMAKE_INSTALL_LIBDIR}/qml" CACHE STRING
    "Where the QML module Koder.Agent is installed, relative to the prefix")
set(KODER_INSTALL_CMAKEDIR "${CMAKE_INSTALL_LIBDIR}/cmake/KoderAgent")
set(koder_qml_module_dir "${KODER_INSTALL_QMLDIR}/Koder/Agent")

set_target_properties(koder_core PROPERTIES EXPORT_NAME core)
set_target_properties(koder_wire PROPERTIES EXPORT_NAME wire)
set_target_properties(koder_agent_qt PROPERTIES EXPORT_NAME qt)
set_target_properties(koder_agent PROPERTIES EXPORT_NAME qml)
target_include_directories(koder_agent_qt PUBLIC
    $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}/KoderAgent>)

# The QML module's library finds the Qt library beside it, the plugin finds both relative to
# itself, wherever the prefix ends up.
file(RELATIVE_PATH koder_plugin_to_lib "/${koder_qml_module_dir}" "/${CMAKE_INSTALL_LIBDIR}")
set_target_properties(koder_agentplugin PROPERTIES INSTALL_RPATH "$ORIGIN/${koder_plugin_to_lib}")
set_target_properties(koder_agent PROPERTIES INSTALL_RPATH "$ORIGIN")

install(TARGETS koder_core koder_wire koder_agent_qt EXPORT KoderAgentTargets
    LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
    ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
    INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(TARGETS koder_agent EXPORT KoderAgentQmlTargets
    LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
    INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(TARGETS koder_agentplugin LIBRARY DESTINATION ${koder_qml_module_dir})
install(FILES
    ${QT_QML_OUTPUT_DIRECTORY}/Koder/Agent/qmldir
    ${QT_QML_OUTPUT_DIRECTORY}/Koder/Agent/koder_agent.qmltypes
    DESTINATION ${koder_qml_module_dir})

install(DIRECTORY ${PROJECT_SOURCE_DIR}/core/include/koder
    DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
# The headers of both libraries, in one folder (they include each other by file name); all of
# qt/ but the few that are private to the implementation, so a header the controller comes to
# include is installed with it; from plugin/ the items a C++ application may name.
# tests/package checks that the installed ones compile.
file(GLOB koder_public_headers ${PROJECT_SOURCE_DIR}/qt/*.h)
list(REMOVE_ITEM koder_public_headers
    ${PROJECT_SOURCE_DIR}/qt/agentlogging.h
    ${PROJECT_SOURCE_DIR}/qt/controllervalues.h
    ${PROJECT_SOURCE_DIR}/qt/toolresulttext.h
    ${PROJECT_SOURCE_DIR}/qt/toolrunner.h)
install(FILES ${koder_public_headers}
    ${PROJECT_SOURCE_DIR}/plugin/koderliveregion.h
    ${PROJECT_SOURCE_DIR}/plugin/kodertext.h
    ${PROJECT_SOURCE_DIR}/plugin/kodermarkdownblocks.h
    DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/KoderAgent)

install(EXPORT KoderAgentTargets NAMESPACE KoderAgent:: DESTINATION ${KODER_INSTALL_CMAKEDIR})
install(EXPORT KoderAgentQmlTargets NAMESPACE KoderAgent:: DESTINATION ${KODER_INSTALL_CMAKEDIR})
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/KoderAgentConfig.cmake.in
    ${PROJECT_BINARY_DIR}/KoderAgentConfig.cmake
    INSTALL_DESTINATION ${KODER_INSTALL_CMAKEDIR}
    PATH_VARS KODER_INSTALL_QMLDIR)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/KoderAgentConfigVersion.cmake
    COMPATIBILITY SameMinorVersion)
install(FILES
    ${PROJECT_BINARY_DIR}/KoderAgentConfig.cmake
    ${PROJECT_BINARY_DIR}/KoderAgentConfigVersion.cmake
    DESTINATION ${KODER_INSTALL_CMAKEDIR})
