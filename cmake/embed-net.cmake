# Writes a C++ source holding a network file's bytes, so that the network is part of the engine
# (native and WebAssembly alike) with nothing to download or configure.
#   cmake -DNET=<file.mlnn> -DOUT=<embedded_net.cpp> -P cmake/embed-net.cmake
file(READ "${NET}" hex HEX)
string(LENGTH "${hex}" digits)
math(EXPR bytes "${digits} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," body "${hex}")
get_filename_component(name "${NET}" NAME)
file(WRITE "${OUT}.tmp"
  "// Generated from nets/${name} by cmake/embed-net.cmake: do not edit.\n"
  "#include <cstddef>\n"
  "namespace mainline::nnue {\n"
  "alignas(64) extern const unsigned char EMBEDDED_NET[] = {${body}};\n"
  "extern const std::size_t EMBEDDED_NET_SIZE = ${bytes};\n"
  "extern const char EMBEDDED_NET_NAME[] = \"${name}\";\n"
  "}  // namespace mainline::nnue\n")
file(RENAME "${OUT}.tmp" "${OUT}")
