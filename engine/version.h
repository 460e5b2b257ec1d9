// The engine's version, as `uci` reports it (`id name Mainline <version>`). It is written once, as
// the "version" of the npm package (web/package.json); CMakeLists.txt reads it from there and
// hands it to engine/version.cpp alone, so a new version recompiles one file.
#pragma once

#include <string_view>

namespace mainline {

std::string_view engine_version();  // "0.1.0"

}  // namespace mainline
