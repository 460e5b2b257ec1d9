// mainline_data: the training data's packed form (tools/datapack.h, docs/network.md "Data files").
//
//   mainline_data pack OUT.mlpk IN.txt...   "FEN | score | result" lines -> a pack (prints counts)
//   mainline_data unpack IN.mlpk...         a pack -> the same lines, on stdout
//   mainline_data stats IN.mlpk...          positions, chains, bytes a position; checks each file
//
// pack refuses a line it cannot read and names it (file:line and why); nothing is skipped silently.
// It writes OUT.mlpk.tmp and renames it when complete, so a failed run leaves no half file.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

#include "datapack.h"

using namespace mainline;

namespace {

int usage() {
    std::cerr << "usage: mainline_data pack OUT.mlpk IN.txt... | unpack IN.mlpk... | stats IN.mlpk...\n";
    return 2;
}

bool slurp(const std::string& path, std::vector<std::uint8_t>& bytes) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return false;
    bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    return !in.bad();
}

int pack(const std::string& out_path, const std::vector<std::string>& inputs) {
    const std::string tmp = out_path + ".tmp";
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) {
        std::cerr << "mainline_data: cannot write " << tmp << "\n";
        return 1;
    }
    datapack::Writer writer(out);
    for (const std::string& path : inputs) {
        std::ifstream in(path);
        if (!in) {
            std::cerr << "mainline_data: cannot read " << path << "\n";
            std::filesystem::remove(tmp);
            return 1;
        }
        std::string line, error;
        for (long n = 1; std::getline(in, line); ++n) {
            if (line.empty()) continue;
            auto s = datapack::parse_line(line, error);
            auto pos = s ? Position::from_fen(s->fen) : Result<Position>::failure("");
            if (s && !pos) error = "bad FEN: " + pos.error();
            if (!s || !pos || !writer.add(pos.value(), s->score, s->result2, error)) {
                std::cerr << "mainline_data: " << path << ":" << n << ": " << error << "\n";
                std::filesystem::remove(tmp);
                return 1;
            }
        }
    }
    writer.finish();
    out.close();
    if (!out) {
        std::cerr << "mainline_data: writing " << tmp << " failed\n";
        std::filesystem::remove(tmp);
        return 1;
    }
    std::filesystem::rename(tmp, out_path);
    const datapack::PackStats& st = writer.stats();
    std::printf("%s: %ld positions in %ld chains, %llu bytes (%.2f a position); gaps of 1-4 plies: %ld %ld %ld %ld\n",
                out_path.c_str(), st.positions, st.chains, static_cast<unsigned long long>(st.bytes),
                st.positions ? double(st.bytes) / double(st.positions) : 0.0, st.gaps[1], st.gaps[2], st.gaps[3],
                st.gaps[4]);
    return 0;
}

int each_file(const std::vector<std::string>& inputs, bool print) {
    for (const std::string& path : inputs) {
        std::vector<std::uint8_t> bytes;
        if (!slurp(path, bytes)) {
            std::cerr << "mainline_data: cannot read " << path << "\n";
            return 1;
        }
        long positions = 0;
        std::string text;
        const std::string err = datapack::read(bytes.data(), bytes.size(), [&](const Position& pos, int score, int r2) {
            ++positions;
            if (print) {
                text = datapack::format_line({pos.fen(), score, r2});
                text += '\n';
                std::fwrite(text.data(), 1, text.size(), stdout);
            }
        });
        if (!err.empty()) {
            std::cerr << "mainline_data: " << path << ": " << err << "\n";
            return 1;
        }
        if (!print)
            std::printf("%s: %ld positions, %zu bytes (%.2f a position), checksum ok\n", path.c_str(), positions,
                        bytes.size(), positions ? double(bytes.size()) / double(positions) : 0.0);
    }
    return std::fflush(stdout) == 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 3) return usage();
    const std::string cmd = argv[1];
    std::vector<std::string> rest(argv + 2, argv + argc);
    if (cmd == "pack") {
        if (rest.size() < 2) return usage();
        const std::string out = rest.front();
        rest.erase(rest.begin());
        return pack(out, rest);
    }
    if (cmd == "unpack") return each_file(rest, true);
    if (cmd == "stats") return each_file(rest, false);
    return usage();
}
