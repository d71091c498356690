// SPDX-License-Identifier: MIT
#include "aguiverify.h"

#include <nlohmann/json.hpp>

#include <array>
#include <utility>

namespace koder::wire {

namespace {

using Type = AgUiEventType;

// Most frequent first: a stream is nearly all content events.
constexpr std::array<std::pair<std::string_view, Type>, 33> names{{
    {"TEXT_MESSAGE_CONTENT", Type::TextMessageContent},
    {"TOOL_CALL_ARGS", Type::ToolCallArgs},
    {"REASONING_MESSAGE_CONTENT", Type::ReasoningMessageContent},
    {"TEXT_MESSAGE_CHUNK", Type::TextMessageChunk},
    {"TOOL_CALL_CHUNK", Type::ToolCallChunk},
    {"REASONING_MESSAGE_CHUNK", Type::ReasoningMessageChunk},
    {"THINKING_TEXT_MESSAGE_CONTENT", Type::ThinkingTextMessageContent},
    {"TEXT_MESSAGE_START", Type::TextMessageStart},
    {"TEXT_MESSAGE_END", Type::TextMessageEnd},
    {"TOOL_CALL_START", Type::ToolCallStart},
    {"TOOL_CALL_END", Type::ToolCallEnd},
    {"TOOL_CALL_RESULT", Type::ToolCallResult},
    {"STATE_DELTA", Type::StateDelta},
    {"STATE_SNAPSHOT", Type::StateSnapshot},
    {"MESSAGES_SNAPSHOT", Type::MessagesSnapshot},
    {"RUN_STARTED", Type::RunStarted},
    {"RUN_FINISHED", Type::RunFinished},
    {"RUN_ERROR", Type::RunError},
    {"STEP_STARTED", Type::StepStarted},
    {"STEP_FINISHED", Type::StepFinished},
    {"REASONING_START", Type::ReasoningStart},
    {"REASONING_MESSAGE_START", Type::ReasoningMessageStart},
    {"REASONING_MESSAGE_END", Type::ReasoningMessageEnd},
    {"REASONING_END", Type::ReasoningEnd},
    {"REASONING_ENCRYPTED_VALUE", Type::ReasoningEncryptedValue},
    {"THINKING_START", Type::ThinkingStart},
    {"THINKING_END", Type::ThinkingEnd},
    {"THINKING_TEXT_MESSAGE_START", Type::ThinkingTextMessageStart},
    {"THINKING_TEXT_MESSAGE_END", Type::ThinkingTextMessageEnd},
    {"ACTIVITY_SNAPSHOT", Type::ActivitySnapshot},
    {"ACTIVITY_DELTA", Type::ActivityDelta},
    {"RAW", Type::Raw},
    {"CUSTOM", Type::Custom},
}};

// The field an event of `type` pairs by; null for a type that pairs by none. (A C string: the
// key type every nlohmann-json version finds by.)
const char* idField(Type type)
{
    switch (type) {
    case Type::TextMessageStart:
    case Type::TextMessageContent:
    case Type::TextMessageEnd:
    case Type::ReasoningMessageStart:
    case Type::ReasoningMessageContent:
    case Type::ReasoningMessageEnd:
        return "messageId";
    case Type::ToolCallStart:
    case Type::ToolCallArgs:
    case Type::ToolCallEnd:
        return "toolCallId";
    default:
        return nullptr;
    }
}

// `ids` listed for a sentence, at most a few.
std::string listed(const std::set<std::string, std::less<>>& ids)
{
    std::string out;
    std::size_t n = 0;
    for (const std::string& id : ids) {
        if (n++ == 3) {
            out += ", ...";
            break;
        }
        if (!out.empty())
            out += ", ";
        out += agUiQuoted(id);
    }
    return out;
}

} // namespace

AgUiEventType agUiEventType(std::string_view type)
{
    for (const auto& [name, value] : names)
        if (name == type)
            return value;
    return Type::Unknown;
}

std::string_view agUiEventName(AgUiEventType type)
{
    for (const auto& [name, value] : names)
        if (value == type)
            return name;
    return {};
}

std::string agUiQuoted(std::string_view text)
{
    constexpr std::size_t most = 64;
    if (text.size() <= most)
        return "\"" + std::string(text) + "\"";
    std::size_t cut = most;
    // Back to the start of a UTF-8 character: never half of one in a message.
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80)
        --cut;
    return "\"" + std::string(text.substr(0, cut)) + "...\"";
}

std::string AgUiVerifier::check(std::string_view type, const nlohmann::json& event)
{
    return check(agUiEventType(type), event);
}

std::string AgUiVerifier::check(AgUiEventType type, const nlohmann::json& event)
{
    const char* field = idField(type);
    if (!field)
        return checkId(type, {});
    const auto it = event.find(field);
    if (it == event.end() || !it->is_string())
        return "The agent sent " + std::string(agUiEventName(type)) + " without a " +
               std::string(field) + ".";
    return checkId(type, it->get_ref<const std::string&>());
}

std::string AgUiVerifier::checkId(AgUiEventType type, std::string_view id)
{
    // Only a refusal names the event: the hot path allocates nothing.
    const auto shown = [type] {
        const std::string_view name = agUiEventName(type);
        return name.empty() ? std::string("an event") : std::string(name);
    };
    if (run_ == Run::Finished)
        return "The agent sent " + shown() + " after RUN_FINISHED.";
    if (run_ == Run::Errored)
        return "The agent sent " + shown() + " after RUN_ERROR.";
    if (run_ == Run::NotStarted) {
        if (type == Type::RunError) {
            run_ = Run::Errored;
            return {};
        }
        if (type != Type::RunStarted)
            return "The agent sent " + shown() + " before RUN_STARTED.";
    }

    switch (type) {
    case Type::RunStarted:
        if (run_ != Run::NotStarted)
            return "The agent sent a second RUN_STARTED in one run.";
        run_ = Run::Running;
        return {};
    case Type::RunFinished:
        if (!text_.empty())
            return "The agent finished its run with text message " + listed(text_) + " still open.";
        if (!tools_.empty())
            return "The agent finished its run with tool call " + listed(tools_) + " still open.";
        run_ = Run::Finished;
        return {};
    case Type::RunError:
        run_ = Run::Errored;
        return {};

    case Type::TextMessageStart:
        return open(text_, type, id, "text message");
    case Type::TextMessageContent:
        return inside(text_, type, id, "text message");
    case Type::TextMessageEnd: {
        std::string why = inside(text_, type, id, "text message");
        if (why.empty())
            text_.erase(text_.find(id));
        return why;
    }

    case Type::ToolCallStart:
        return open(tools_, type, id, "tool call");
    case Type::ToolCallArgs:
        return inside(tools_, type, id, "tool call");
    case Type::ToolCallEnd: {
        std::string why = inside(tools_, type, id, "tool call");
        if (why.empty())
            tools_.erase(tools_.find(id));
        return why;
    }

    case Type::ReasoningMessageStart:
        return open(reasoning_, type, id, "reasoning message");
    case Type::ReasoningMessageContent:
        return inside(reasoning_, type, id, "reasoning message");
    case Type::ReasoningMessageEnd: {
        std::string why = inside(reasoning_, type, id, "reasoning message");
        if (why.empty())
            reasoning_.erase(reasoning_.find(id));
        return why;
    }

    case Type::ThinkingStart:
        if (thinking_)
            return "The agent sent THINKING_START while thinking.";
        thinking_ = true;
        return {};
    case Type::ThinkingEnd:
        if (!thinking_)
            return "The agent sent THINKING_END without THINKING_START.";
        thinking_ = false;
        thinkingMessage_ = false;
        return {};
    case Type::ThinkingTextMessageStart:
        if (!thinking_)
            return "The agent sent THINKING_TEXT_MESSAGE_START without THINKING_START.";
        if (thinkingMessage_)
            return "The agent sent THINKING_TEXT_MESSAGE_START while a thinking message was open.";
        thinkingMessage_ = true;
        return {};
    case Type::ThinkingTextMessageContent:
    case Type::ThinkingTextMessageEnd:
        if (!thinkingMessage_)
            return "The agent sent " + shown() + " without THINKING_TEXT_MESSAGE_START.";
        if (type == Type::ThinkingTextMessageEnd)
            thinkingMessage_ = false;
        return {};

    default:
        return {};
    }
}

std::string AgUiVerifier::open(Ids& ids, AgUiEventType type, std::string_view id,
                               std::string_view what)
{
    if (ids.find(id) != ids.end())
        return "The agent sent " + std::string(agUiEventName(type)) + " for " + std::string(what) +
               " " + agUiQuoted(id) + ", which is already open.";
    if (ids.size() >= maxOpen)
        return "The agent opened more than " + std::to_string(maxOpen) + " " + std::string(what) +
               "s at once.";
    ids.emplace(id);
    return {};
}

std::string AgUiVerifier::inside(const Ids& ids, AgUiEventType type, std::string_view id,
                                 std::string_view what) const
{
    if (ids.find(id) != ids.end())
        return {};
    return "The agent sent " + std::string(agUiEventName(type)) + " for " + std::string(what) +
           " " + agUiQuoted(id) + ", which is not open.";
}

} // namespace koder::wire
