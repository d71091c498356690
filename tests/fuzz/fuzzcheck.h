// SPDX-License-Identifier: MIT
// What the fuzz targets share: a check that stays on in Release (assert does not) and reports to
// libFuzzer by aborting, and a reader that turns the first bytes of an input into split points.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

namespace koder::fuzz {

[[noreturn]] inline void fail(const char* file, int line, const char* condition,
                              const std::string& detail)
{
    std::fprintf(stderr, "%s:%d: fuzz check failed: %s\n  %s\n", file, line, condition,
                 detail.c_str());
    std::abort();
}

/// `detail` (any expression yielding a std::string) is evaluated only on failure.
#define KODER_FUZZ_CHECK(condition, detail)                                                        \
    do {                                                                                           \
        if (!(condition))                                                                          \
            ::koder::fuzz::fail(__FILE__, __LINE__, #condition, (detail));                         \
    } while (false)

/// `text` with control bytes escaped, short enough for a report.
inline std::string printable(std::string_view text, std::size_t limit = 200)
{
    std::string out;
    for (std::size_t i = 0; i < text.size() && i < limit; ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c >= 0x20 && c < 0x7f && c != '\\') {
            out.push_back(static_cast<char>(c));
        } else {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02x", c);
            out += buf;
        }
    }
    if (text.size() > limit)
        out += "...";
    return out;
}

/// An input split into a header and a payload: the header's first byte says how many split
/// points follow (its low 3 bits, so 0-7) and gives `mode` (its upper bits); each split-point
/// byte b cuts the payload at b/256 of its length. The rest of the input is the payload.
struct Chunked {
    unsigned mode = 0;
    std::vector<std::size_t> cuts; ///< ascending offsets into `payload`
    std::string_view payload;

    Chunked(const std::uint8_t* data, std::size_t size)
    {
        if (size == 0)
            return;
        const std::size_t n = std::min<std::size_t>(data[0] & 7u, size - 1);
        mode = data[0] >> 3;
        payload = std::string_view(reinterpret_cast<const char*>(data + 1 + n), size - 1 - n);
        for (std::size_t i = 0; i < n; ++i)
            cuts.push_back(data[1 + i] * payload.size() / 256);
        std::sort(cuts.begin(), cuts.end());
    }

    /// The payload in pieces, cut at `at` (ascending offsets).
    static std::vector<std::string_view> pieces(std::string_view payload,
                                                const std::vector<std::size_t>& at)
    {
        std::vector<std::string_view> out;
        std::size_t from = 0;
        for (std::size_t cut : at) {
            out.push_back(payload.substr(from, cut - from));
            from = cut;
        }
        out.push_back(payload.substr(from));
        return out;
    }
    std::vector<std::string_view> pieces() const { return pieces(payload, cuts); }
    /// One byte per piece (the harshest schedule).
    std::vector<std::string_view> bytes() const
    {
        std::vector<std::string_view> out;
        for (std::size_t i = 0; i < payload.size(); ++i)
            out.push_back(payload.substr(i, 1));
        return out;
    }
};

} // namespace koder::fuzz
