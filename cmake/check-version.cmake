# The version is written once, in web/package.json (the npm package). The repository's own
# package.json and package-lock.json repeat it, because npm wants a version there; this script
# (the ctest test `version_agreement`) fails when any of them says something else.
#   cmake -DSOURCE_DIR=<repository root> -P cmake/check-version.cmake
file(READ "${SOURCE_DIR}/web/package.json" _web)
file(READ "${SOURCE_DIR}/package.json" _root)
file(READ "${SOURCE_DIR}/package-lock.json" _lock)
string(JSON _version GET "${_web}" version)
string(JSON _root_version GET "${_root}" version)
string(JSON _lock_version GET "${_lock}" version)
string(JSON _lock_root_version GET "${_lock}" packages "" version)

set(_bad 0)
foreach(_pair "package.json:${_root_version}" "package-lock.json:${_lock_version}"
              "package-lock.json (packages[\"\"]):${_lock_root_version}")
  string(FIND "${_pair}" ":" _colon REVERSE)
  string(SUBSTRING "${_pair}" 0 ${_colon} _where)
  math(EXPR _colon "${_colon} + 1")
  string(SUBSTRING "${_pair}" ${_colon} -1 _other)
  if(NOT _other STREQUAL _version)
    message(SEND_ERROR "${_where} says version ${_other}, web/package.json says ${_version}: they must be equal")
    set(_bad 1)
  endif()
endforeach()
if(NOT _bad)
  message(STATUS "version ${_version}: web/package.json, package.json and package-lock.json agree")
endif()
