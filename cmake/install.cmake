# `cmake --install <build> --prefix <dir>` installs:
#   include/koder/agent/*.h        the core's headers
#   include/KoderAgent/*.h         the Qt classes' headers
#   lib/libkoder_core.a, libkoder_wire.a, libkoder_agent.so
#   lib/qml/Koder/Agent/           qmldir, koder_agent.qmltypes, libkoder_agentplugin.so
#   lib/cmake/KoderAgent/          the CMake package (find_package(KoderAgent))
# The QML files are compiled into libkoder_agent.so (the qmldir prefers :/Koder/Agent/).
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(KODER_INSTALL_QMLDIR "${CMAKE_INSTALL_LIBDIR}/qml" CACHE STRING
    "Where the QML module Koder.Agent is installed, relative to the prefix")
set(KODER_INSTALL_CMAKEDIR "${CMAKE_INSTALL_LIBDIR}/cmake/KoderAgent")
set(koder_qml_module_dir "${KODER_INSTALL_QMLDIR}/Koder/Agent")

set_target_properties(koder_core PROPERTIES EXPORT_NAME core)
set_target_properties(koder_wire PROPERTIES EXPORT_NAME wire)
set_target_properties(koder_agent PROPERTIES EXPORT_NAME qml)
target_include_directories(koder_agent PUBLIC
    $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}/KoderAgent>)

# The plugin finds libkoder_agent.so relative to itself wherever the prefix ends up.
file(RELATIVE_PATH koder_plugin_to_lib "/${koder_qml_module_dir}" "/${CMAKE_INSTALL_LIBDIR}")
set_target_properties(koder_agentplugin PROPERTIES INSTALL_RPATH "$ORIGIN/${koder_plugin_to_lib}")
set_target_properties(koder_agent PROPERTIES INSTALL_RPATH "$ORIGIN")

install(TARGETS koder_core koder_wire koder_agent EXPORT KoderAgentTargets
    LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
    ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
    INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(TARGETS koder_agentplugin LIBRARY DESTINATION ${koder_qml_module_dir})
install(FILES
    ${QT_QML_OUTPUT_DIRECTORY}/Koder/Agent/qmldir
    ${QT_QML_OUTPUT_DIRECTORY}/Koder/Agent/koder_agent.qmltypes
    DESTINATION ${koder_qml_module_dir})

install(DIRECTORY ${PROJECT_SOURCE_DIR}/core/include/koder
    DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
# The headers an application includes; the rest of plugin/ is internal.
install(FILES
    ${PROJECT_SOURCE_DIR}/plugin/koderagentcontroller.h
    ${PROJECT_SOURCE_DIR}/plugin/koderconversationlistmodel.h
    ${PROJECT_SOURCE_DIR}/plugin/koderconversationstore.h
    ${PROJECT_SOURCE_DIR}/plugin/koderliveregion.h
    ${PROJECT_SOURCE_DIR}/plugin/koderlocalagent.h
    ${PROJECT_SOURCE_DIR}/plugin/kodermessagemodel.h
    ${PROJECT_SOURCE_DIR}/plugin/koderopenaitransport.h
    ${PROJECT_SOURCE_DIR}/plugin/kodertext.h
    ${PROJECT_SOURCE_DIR}/plugin/kodertool.h
    ${PROJECT_SOURCE_DIR}/plugin/kodertransport.h
    ${PROJECT_SOURCE_DIR}/plugin/kodervisiblemessages.h
    ${PROJECT_SOURCE_DIR}/plugin/koderwebsockettransport.h
    DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/KoderAgent)

install(EXPORT KoderAgentTargets NAMESPACE KoderAgent:: DESTINATION ${KODER_INSTALL_CMAKEDIR})
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
