// SPDX-License-Identifier: MIT
#include "finish.h"

#include "koder/agent/input.h"

#include <nlohmann/json.hpp>

#include <array>
#include <utility>

namespace koder::agent {

/*!
    \fn std::string_view koder::agent::normalizedFinishReason(std::string_view wireReason, bool askedForTools)

    \relates koder::agent::StreamEnded

    Returns the finish reason \a wireReason, as a wire says it, in the form an assistant message
    keeps it (\l {koder::agent::Message::finishReason()}{Message::finishReason()}): one of
    \c "stop", \c "length", \c "tool_calls", \c "refusal" or \c "content_filter".

    OpenAI's Chat Completions, Anthropic's Messages API, Ollama and the aichat.v1 protocol spell
    them differently: \c "end_turn" and \c "stop_sequence" are \c "stop"; \c "max_tokens" and
    \c "model_context_window_exceeded" are \c "length"; \c "tool_use" and \c "function_call" are
    \c "tool_calls". A reason no API documents counts as \c "stop". With \a askedForTools
    (the step requested tool calls) a \c "stop" is \c "tool_calls", since Ollama ends a tool step
    with \c "stop"; a refusal or a cut reply stays what it is.

    \sa isRefusal()
*/
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

/*!
    \fn bool koder::agent::isRefusal(std::string_view wireReason)

    \relates koder::agent::StreamEnded

    Returns \c true if the finish reason \a wireReason, as any wire says it, means the model
    declined to answer: a refusal or a content filter. Such a reply ends normally, with
    \c {metadata.refusal} set on the message.

    \sa normalizedFinishReason()
*/
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

std::string withoutBudgetKeys(std::string_view metadata)
{
    if (metadata.find("boundary") == std::string_view::npos &&
        metadata.find("earlierUsage") == std::string_view::npos)
        return std::string(metadata);
    using json = nlohmann::json;
    json j = json::parse(metadata, nullptr, false);
    if (!j.is_object())
        return std::string(metadata);
    j.erase("boundary");
    j.erase("earlierUsage");
    return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

std::string withMember(std::string_view metadata, const std::string& key, const std::string& value)
{
    using json = nlohmann::json;
    json j = metadata.empty() ? json::object() : json::parse(metadata, nullptr, false);
    if (!j.is_object())
        j = json::object();
    j[key] = value;
    return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

std::string withEarlierUsage(std::string_view metadata, const Usage& usage)
{
    using json = nlohmann::json;
    json j = metadata.empty() ? json::object() : json::parse(metadata, nullptr, false);
    if (!j.is_object())
        j = json::object();
    json& earlier = j["earlierUsage"];
    if (!earlier.is_object())
        earlier = json::object();
    for (const auto& [name, member] : usageCounts) {
        const std::int64_t count = usage.*member;
        if (count < 0)
            continue;
        const std::string key(name);
        const auto it = earlier.find(key);
        earlier[key] =
            count + (it != earlier.end() && it->is_number_integer() ? it->get<std::int64_t>()
                                                                    : std::int64_t{0});
    }
    return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

} // namespace detail
} // namespace koder::agent
