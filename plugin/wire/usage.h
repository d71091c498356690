// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>

namespace koder::wire {

/// Token counts a server reported for a request.
struct Usage {
    bool present = false;
    std::int64_t promptTokens = 0;
    std::int64_t completionTokens = 0;
    std::int64_t totalTokens = 0;
    std::int64_t reasoningTokens = 0;
    std::int64_t cachedTokens = 0;

    friend bool operator==(const Usage&, const Usage&) = default;
};

} // namespace koder::wire
