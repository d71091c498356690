// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

/// Vocabulary the state and the inputs share, apart from both so that the inputs (and the debug
/// log that observes them) do not need the state's header.
namespace koder::agent {

enum class AutoAccept : std::uint8_t { Always, Never, OnlyRead };

/// What the core knows of a registered tool: enough to decide approval, nothing to run it.
struct ToolInfo {
    std::string name;
    bool readOnly = false;

    friend bool operator==(const ToolInfo&, const ToolInfo&) = default;
};

/// Identifies one request to the transport. 0 never names a request.
using RequestId = std::uint64_t;

std::string_view toString(AutoAccept mode);
std::optional<AutoAccept> autoAcceptFromString(std::string_view text);

} // namespace koder::agent
