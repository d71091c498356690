// SPDX-License-Identifier: MIT
#include "finish.h"

#include "koder/agent/input.h"

#include <nlohmann/json.hpp>

#include <array>
#include <utility>

namespace koder::agent {

std::string_view normalizedFinishReason(std::string_view wireReason, bool askedForTools)
{
    if (askedForTools)
        return "tool_calls";
    // OpenAI Chat Completions, Anthropic Messages, Ollama and aichat.v1 spell them differently.
    static constexpr std::array<std::pair<std::string_view, std::string_view>, 10> names{{
        {"stop", "stop"},
        {"end_turn", "stop"},
        {"stop_sequence", "stop"},
        {"length", "length"},
        {"max_tokens", "length"},
        {"tool_calls", "tool_calls"},
        {"tool_use", "tool_calls"},
        {"function_call", "tool_calls"},
        {"refusal", "refusal"},
        {"content_filter", "content_filter"},
    }};
    for (const auto& [wire, normalized] : names)
        if (wire == wireReason)
            return normalized;
    return "stop";
}

namespace detail {

bool isRefusal(std::string_view normalizedReason)
{
    return normalizedReason == "refusal" || normalizedReason == "content_filter";
}

std::string mergedMetadata(std::string_view metadata, std::string_view patch, bool refusal)
{
    using json = nlohmann::json;
    auto object = [](std::string_view text) {
        json j = text.empty() ? json::object() : json::parse(text, nullptr, false);
        return j.is_object() ? j : json::object();
    };
    json j = object(metadata);
    j.update(object(patch));
    if (refusal)
        j["refusal"] = true;
    return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

} // namespace detail
} // namespace koder::agent
