# The .deb, written by CPack: `cmake --build --preset package` (a build without the tests)
# writes build/package/lockbench_VERSION_ARCH.deb, which `apt install` takes and lintian
# accepts (scripts/package.sh checks it). The libraries it links come from dpkg-shlibdeps; the
# servers it starts and the Qt plugins it loads by name are named here, so that installing it
# enables no service: MariaDB's server without its service (mariadb-server-core, and
# mariadb-client-core for the my_print_defaults that mariadb-install-db runs), Galera and rsync,
# and Redis's binary from redis-tools. What only some features need, and brings a service
# of its own, is suggested, and the lab names it when it is missing (docs/install.md).
include(GNUInstallDirs)

# Who the package names as its maintainer: DEBFULLNAME and DEBEMAIL, as Debian's own tools take
# them, or -DLOCKBENCH_MAINTAINER="Name <address>".
set(lockbench_maintainer "lockbench packagers <packagers@lockbench.example.org>")
if(DEFINED ENV{DEBEMAIL} AND NOT "$ENV{DEBEMAIL}" STREQUAL "")
    set(lockbench_maintainer "$ENV{DEBEMAIL}")
    if(DEFINED ENV{DEBFULLNAME} AND NOT "$ENV{DEBFULLNAME}" STREQUAL "")
        set(lockbench_maintainer "$ENV{DEBFULLNAME} <$ENV{DEBEMAIL}>")
    endif()
endif()
set(LOCKBENCH_MAINTAINER "${lockbench_maintainer}" CACHE STRING
    "The .deb's Maintainer, \"Name <address>\" (default: DEBFULLNAME <DEBEMAIL>)")
if(LOCKBENCH_MAINTAINER MATCHES "lockbench\\.example\\.org")
    message(STATUS "lockbench: the .deb names the placeholder maintainer ${LOCKBENCH_MAINTAINER}; "
        "set DEBFULLNAME and DEBEMAIL, or -DLOCKBENCH_MAINTAINER, to name yours")
endif()

# The changelog and the copyright file, where Debian keeps a package's (compressed as Debian's
# tools compress them: gzip -9n, no name or time stamp).
set(lockbench_debian ${CMAKE_BINARY_DIR}/debian)
configure_file(${CMAKE_CURRENT_LIST_DIR}/changelog.in ${lockbench_debian}/changelog @ONLY)
add_custom_command(OUTPUT ${lockbench_debian}/changelog.gz
    COMMAND gzip -9nkf ${lockbench_debian}/changelog
    DEPENDS ${lockbench_debian}/changelog)
add_custom_target(lockbench_changelog ALL DEPENDS ${lockbench_debian}/changelog.gz)
install(FILES ${CMAKE_CURRENT_LIST_DIR}/copyright ${lockbench_debian}/changelog.gz
    DESTINATION ${CMAKE_INSTALL_DOCDIR})

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME lockbench)
set(CPACK_PACKAGE_VENDOR lockbench)
set(CPACK_PACKAGE_CONTACT "${LOCKBENCH_MAINTAINER}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "lock contention lab for hot rows on MariaDB, MySQL and PostgreSQL")
# Wrapped as Debian's tools read it: CPack indents each line of the file.
set(CPACK_PACKAGE_DESCRIPTION_FILE ${CMAKE_CURRENT_LIST_DIR}/description)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION database)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS
    "libqt6sql6-mysql, libqt6sql6-psql, qt6-qpa-plugins, mariadb-server-core, mariadb-client-core, galera-4, rsync, redis-tools")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "fonts-wqy-microhei, qt6-translations-l10n, gnome-keyring")
# Each enables a service when installed: the cluster's state transfer (wsrep_sst_rsync, in
# mariadb-server) and the lab's own PostgreSQL.
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "mariadb-server, postgresql-15")
set(CPACK_STRIP_FILES ON)
include(CPack)
