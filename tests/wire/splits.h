// SPDX-License-Identifier: MIT
// Read schedules: the same bytes cut into reads in every way that matters to a stream parser;
// the recordings and their line-ending variants.
#pragma once

#include <cstddef>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace koder::wire::test {

/// A recording of tests/wire/streams.
inline std::string streamFile(const std::string& name)
{
    std::ifstream in(std::string(KODER_STREAMS_DIR) + "/" + name, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

/// `lf` with every LF replaced by `end` (CRLF, CR).
inline std::string withLineEnds(const std::string& lf, std::string_view end)
{
    std::string out;
    for (char c : lf) {
        if (c == '\n')
            out += end;
        else
            out += c;
    }
    return out;
}

/// The line-ending styles a recording is replayed in, each with its name for a failure message.
struct LineEnding {
    std::string_view name;
    std::string_view end;
};
inline constexpr LineEnding lineEndings[] = {{"LF", "\n"}, {"CRLF", "\r\n"}, {"CR", "\r"}};

struct Schedule {
    std::string name;
    std::vector<std::size_t> cuts; ///< read boundaries, ascending, inside (0, size)
};

inline std::vector<Schedule> schedulesFor(std::size_t size)
{
    std::vector<Schedule> all;
    all.push_back({"whole", {}});
    Schedule bytes{"byte-by-byte", {}};
    for (std::size_t i = 1; i < size; ++i)
        bytes.cuts.push_back(i);
    all.push_back(bytes);
    for (std::size_t step :
         {std::size_t{2}, std::size_t{3}, std::size_t{7}, std::size_t{64}, std::size_t{16384}}) {
        Schedule s{"every-" + std::to_string(step), {}};
        for (std::size_t i = step; i < size; i += step)
            s.cuts.push_back(i);
        all.push_back(s);
    }
    for (unsigned seed = 1; seed <= 8; ++seed) {
        std::mt19937 rng(seed);
        Schedule s{"random-" + std::to_string(seed), {}};
        for (std::size_t i = 0; i < size;) {
            i += std::uniform_int_distribution<std::size_t>(1, 40)(rng);
            if (i < size)
                s.cuts.push_back(i);
        }
        all.push_back(s);
    }
    return all;
}

inline std::vector<std::string_view> cut(std::string_view bytes, const Schedule& s)
{
    std::vector<std::string_view> pieces;
    std::size_t from = 0;
    for (std::size_t at : s.cuts) {
        pieces.push_back(bytes.substr(from, at - from));
        from = at;
    }
    pieces.push_back(bytes.substr(from));
    return pieces;
}

} // namespace koder::wire::test
