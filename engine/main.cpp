// The native UCI binary. With arguments, each argument is one command (`mainline "go perft 5"`,
// `mainline bench`); otherwise commands are read from standard input until `quit` or EOF.
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <vector>
#include <iostream>
#include <string>

#include "lab.h"
#include "uci.h"

// Native builds search on a thread of their own so that `stop` is read while searching; the
// single-threaded WebAssembly build of this program searches in the reading loop.
#ifndef MAINLINE_THREADED
#define MAINLINE_THREADED 1
#endif

int main(int argc, char** argv) {
    mainline::UciEngine engine(
        [](std::string_view line) {
            std::fwrite(line.data(), 1, line.size(), stdout);
            std::fputc('\n', stdout);
            std::fflush(stdout);
        },
        MAINLINE_THREADED);
    mainline::add_lab_commands(engine);
    engine.set_file_reader([](const std::string& path) {
        using R = mainline::Result<std::vector<std::uint8_t>>;
        std::ifstream in(path, std::ios::binary);
        if (!in) return R::failure("cannot open '" + path + "'");
        std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        if (in.bad()) return R::failure("cannot read '" + path + "'");
        return R::success(std::move(bytes));
    });
    if (argc > 1) {
        for (int i = 1; i < argc; ++i) {
            if (!engine.handle(argv[i])) break;
            engine.wait();
        }
        return 0;
    }
    std::string line;
    while (std::getline(std::cin, line))
        if (!engine.handle(line)) return 0;
    // End of input without `quit`: let a running search finish and answer, as piped scripts expect.
    engine.wait();
    return 0;
}
