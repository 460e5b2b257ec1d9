# Writes a C++ source holding a network file's bytes, so that the network is part of the engine
# (native and WebAssembly alike) with nothing to download or configure.
#   cmake -DNET=<file.mlnn> -DOUT=<embedded_net.cpp> -P cmake/embed-net.cmake
# The bytes are stored as two planes, every even-numbered byte of the file and then every
# odd-numbered one (a file has an even size: it is 16- and 32-bit fields): the high bytes of the
# small int16 weights are nearly all 0x00 or 0xff, and apart they compress far better (the
# download is gzipped), about 10% of the network. nnue.cpp puts the file back together.
file(READ "${NET}" hex HEX)
string(LENGTH "${hex}" digits)
math(EXPR bytes "${digits} / 2")
math(EXPR odd "${bytes} % 2")
if(odd)
  message(FATAL_ERROR "${NET}: a network file has an even number of bytes, this one has ${bytes}")
endif()
string(REGEX REPLACE "([0-9a-f][0-9a-f])[0-9a-f][0-9a-f]" "\\1" even_plane "${hex}")
string(REGEX REPLACE "[0-9a-f][0-9a-f]([0-9a-f][0-9a-f])" "\\1" odd_plane "${hex}")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," body "${even_plane}${odd_plane}")
get_filename_component(name "${NET}" NAME)
file(WRITE "${OUT}.tmp"
  "// Generated from nets/${name} by cmake/embed-net.cmake: do not edit.\n"
  "#include <cstddef>\n"
  "namespace mainline::nnue {\n"
  "// The file's even-numbered bytes, then its odd-numbered ones.\n"
  "alignas(64) extern const unsigned char EMBEDDED_NET_PLANES[] = {${body}};\n"
  "extern const std::size_t EMBEDDED_NET_SIZE = ${bytes};\n"
  "extern const char EMBEDDED_NET_NAME[] = \"${name}\";\n"
  "}  // namespace mainline::nnue\n")
file(RENAME "${OUT}.tmp" "${OUT}")
