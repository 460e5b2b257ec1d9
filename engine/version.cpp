#include "version.h"

#ifndef MAINLINE_VERSION
#error "MAINLINE_VERSION must be defined: CMakeLists.txt sets it from web/package.json's \"version\""
#endif

namespace mainline {

std::string_view engine_version() { return MAINLINE_VERSION; }

}  // namespace mainline
