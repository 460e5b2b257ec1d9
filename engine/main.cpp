// The native UCI binary. With arguments, each argument is one command (`mainline "go perft 5"`,
// `mainline bench`); otherwise commands are read from standard input until `quit` or EOF.
#include <cstdio>
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
