// SPDX-License-Identifier: MIT
// Enum <-> name tables shared by the core's toString / fromString functions.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>

namespace koder::agent::detail {

/// The enum whose name (by position in `names`) is `text`.
template <class Enum, std::size_t N>
std::optional<Enum> enumFromName(const std::array<std::string_view, N>& names,
                                 std::string_view text)
{
    for (std::size_t i = 0; i < N; ++i)
        if (names[i] == text)
            return static_cast<Enum>(i);
    return std::nullopt;
}

} // namespace koder::agent::detail
