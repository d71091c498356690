// SPDX-License-Identifier: MIT
// Comparing a field name or an event type with a literal on a decoder's hot path, where every
// event compares a few.
#pragma once

#include <cstddef>
#include <cstring>
#include <string_view>

namespace koder::wire {

/// Whether `text` is the literal `literal`. The same as `text == literal`, but inlined where it
/// is used: the length is a constant, so the comparison is a few instructions, not a call
/// (GCC leaves std::string_view's operator== out of line in a function that uses it often).
template<std::size_t N>
inline bool is(std::string_view text, const char (&literal)[N])
{
    return text.size() == N - 1 && std::memcmp(text.data(), literal, N - 1) == 0;
}

} // namespace koder::wire
