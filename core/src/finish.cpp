// SPDX-License-Identifier: MIT
#include "finish.h"

#include "koder/agent/input.h"

#include <nlohmann/json.hpp>

#include <array>
#include <utility>

namespace koder::agent {

std::string_view normalizedFinishReason(std::string_view wireReason, bool askedForTools)
{
    // OpenAI Chat Completions, Anthropic Messages, Ollama and aichat.v1 spell them differently.
    static constexpr std::array<std::pair<std::string_view, std::string_view>, 11> names{{
        {"stop", "stop"},
        {"end_turn", "stop"},
        {"stop_sequence", "stop"},
        {"length", "length"},
        {"max_tokens", "length"},
        {"model_context_window_exceeded", "length"},
        {"tool_calls", "tool_calls"},
        {"tool_use", "tool_calls"},
        {"function_call", "tool_calls"},
        {"refusal", "refusal"},
        {"content_filter", "content_filter"},
    }};
    std::string_view normalized = "stop"; // a reason no API documents
    for (const auto& [wire, name] : names)
        if (wire == wireReason)
            normalized = name;
    // Ollama ends a tool step with "stop"; a refusal or a cut reply stays what it is.
    return askedForTools && normalized == "stop" ? "tool_calls" : normalized;
}

bool isRefusal(std::string_view wireReason)
{
    const std::string_view normalized = normalizedFinishReason(wireReason, false);
    return normalized == "refusal" || normalized == "content_filter";
}

namespace detail {

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
