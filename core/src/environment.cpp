// SPDX-License-Identifier: MIT
#include "koder/agent/environment.h"

#include <memory>

namespace koder::agent {

Environment Environment::deterministic()
{
    auto counter = std::make_shared<std::uint64_t>(0);
    Environment env;
    env.newId = [counter](std::string_view prefix) {
        std::string id(prefix);
        id += std::to_string(++*counter);
        return id;
    };
    env.now = [] { return std::int64_t{0}; };
    return env;
}

} // namespace koder::agent
