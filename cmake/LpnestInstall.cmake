# LpnestInstall.cmake — `cmake --install`: the tools (lpnest, lpn), the clang plugin
# and its runtime, the bundled core descriptions and runtime code, the man pages
# (docs/man), bash completion (docs/completion) and the user documents. An installed
# lpnest finds its cores under DATADIR/lpnest/isa once the source tree is gone
# (isa/isa_list.c). Included at the end of the top-level CMakeLists.txt.
install(TARGETS lpnest lpn RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS lpnest_plugin LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}/lpnest)
install(TARGETS lpnest_rt ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}/lpnest)
install(DIRECTORY ${LPNEST_SOURCE_DIR}/isa/ DESTINATION ${CMAKE_INSTALL_DATADIR}/lpnest/isa
        FILES_MATCHING PATTERN "*.yaml" PATTERN "*.code" PATTERN "calibrate" EXCLUDE)
install(FILES ${LPNEST_SOURCE_DIR}/estimator/app/lpnest.h DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/lpnest)
install(FILES ${LPNEST_SOURCE_DIR}/docs/man/lpnest.1 ${LPNEST_SOURCE_DIR}/docs/man/lpn.1
        DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES ${LPNEST_SOURCE_DIR}/docs/completion/lpnest.bash DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions
        RENAME lpnest)
install(FILES ${LPNEST_SOURCE_DIR}/docs/completion/lpnest.bash DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions
        RENAME lpn)
install(FILES ${LPNEST_SOURCE_DIR}/README.md ${LPNEST_SOURCE_DIR}/estimator/REPORT.md ${LPNEST_SOURCE_DIR}/estimator/SYSTEM.md
              ${LPNEST_SOURCE_DIR}/estimator/COUNTS.md ${LPNEST_SOURCE_DIR}/estimator/report.schema.json
              ${LPNEST_SOURCE_DIR}/isa/SCHEMA.md ${LPNEST_SOURCE_DIR}/lpn/FORMAT.md ${LPNEST_SOURCE_DIR}/docs/ci-example.yml
        DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(FILES ${LPNEST_SOURCE_DIR}/plugin/README.md DESTINATION ${CMAKE_INSTALL_DOCDIR} RENAME PLUGIN.md)
