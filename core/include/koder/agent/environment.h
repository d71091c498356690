// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

namespace koder::agent {

/// What the reducer needs from the world, injected so that every run is deterministic in tests.
struct Environment {
    /// A new id with the given prefix ("m" message, "c" conversation, "call" ...). Must not repeat.
    std::function<std::string(std::string_view prefix)> newId;
    /// Milliseconds since the Unix epoch, for `createdAt`.
    std::function<std::int64_t()> now;

    /// Counter ids ("m1", "m2", ...) and a clock that stays at 0: the deterministic default.
    static Environment deterministic();
};

} // namespace koder::agent
