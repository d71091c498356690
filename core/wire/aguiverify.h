// SPDX-License-Identifier: MIT
// The order an AG-UI event stream must keep (one run per HTTP response): what the reference
// client's verifier checks (@ag-ui/client, verify/verify.ts), applied to one run. Plain C++.
#pragma once

#include <nlohmann/json_fwd.hpp>

#include <cstddef>
#include <cstdint>
#include <set>
#include <string>
#include <string_view>

namespace koder::wire {

/// The AG-UI event types (the `type` of an event), the deprecated THINKING_* ones included.
/// Unknown stands for any other type: a later revision's events, ignored.
enum class AgUiEventType : std::uint8_t {
    Unknown,
    RunStarted,
    RunFinished,
    RunError,
    StepStarted,
    StepFinished,
    TextMessageStart,
    TextMessageContent,
    TextMessageEnd,
    TextMessageChunk,
    ToolCallStart,
    ToolCallArgs,
    ToolCallEnd,
    ToolCallChunk,
    ToolCallResult,
    ReasoningStart,
    ReasoningMessageStart,
    ReasoningMessageContent,
    ReasoningMessageEnd,
    ReasoningMessageChunk,
    ReasoningEnd,
    ReasoningEncryptedValue,
    ThinkingStart,
    ThinkingEnd,
    ThinkingTextMessageStart,
    ThinkingTextMessageContent,
    ThinkingTextMessageEnd,
    StateSnapshot,
    StateDelta,
    MessagesSnapshot,
    ActivitySnapshot,
    ActivityDelta,
    Raw,
    Custom,
};

/// The type an event's `type` names (Unknown for any other string).
AgUiEventType agUiEventType(std::string_view type);
/// The wire name of `type` ("TEXT_MESSAGE_START", ...; "" for Unknown).
std::string_view agUiEventName(AgUiEventType type);
/// `text` (an id the agent sent) in double quotes for an error sentence, cut to 64 bytes at a
/// character boundary: ids are the agent's, of any length.
std::string agUiQuoted(std::string_view text);

/// Checks that the events of one run come in an order the protocol allows. It sees events as
/// they are after the *_CHUNK events were expanded into their START / CONTENT / END events (a
/// chunk reaching it is only checked against the run's lifecycle).
///
/// - The first event is RUN_STARTED (or RUN_ERROR: an agent may fail before its run starts); a
///   second RUN_STARTED, or any event at all after RUN_FINISHED or RUN_ERROR, is refused: one
///   response carries one run.
/// - TEXT_MESSAGE_*, TOOL_CALL_* (START / ARGS / END) and REASONING_MESSAGE_* pair by their
///   `messageId` / `toolCallId`: a START for an id that is open, or a CONTENT / ARGS / END for
///   an id that is not, is refused; several may be open at once (parallel tool calls).
/// - The deprecated THINKING_* events nest as the reference verifier wants them:
///   THINKING_TEXT_MESSAGE_* inside THINKING_START / THINKING_END, one at a time.
/// - RUN_FINISHED is refused while a text message or a tool call is open. Open steps and open
///   reasoning are tolerated (the reference verifier refuses open steps; steps only feed a debug
///   log here, so their order is not checked at all).
/// - More than maxOpen text messages, reasoning messages or tool calls open at once is refused
///   (memory).
/// - Other types (STATE_*, MESSAGES_SNAPSHOT, ACTIVITY_*, RAW, CUSTOM, TOOL_CALL_RESULT,
///   REASONING_START / END, unknown types) may come anywhere inside the run.
class AgUiVerifier {
public:
    /// The most messages or calls of one kind (text, reasoning, tool calls) open at once.
    static constexpr std::size_t maxOpen = 1024;

    /// Checks `event` (a JSON object) of type `type` and records it: "" when it may come now,
    /// else an English sentence saying why not (the event is then not recorded). An event that
    /// lacks the id it pairs by (or has one that is not a string) is refused too.
    std::string check(std::string_view type, const nlohmann::json& event);
    /// The same for an event whose type was looked up already.
    std::string check(AgUiEventType type, const nlohmann::json& event);
    /// The same for an event known by its type and the id it pairs by (`messageId` for text and
    /// reasoning messages, `toolCallId` for tool calls; ignored for the other types).
    std::string checkId(AgUiEventType type, std::string_view id);

    /// RUN_STARTED came.
    bool started() const { return run_ != Run::NotStarted; }
    /// RUN_FINISHED or RUN_ERROR came: nothing more is accepted.
    bool ended() const { return run_ == Run::Finished || run_ == Run::Errored; }

private:
    enum class Run : std::uint8_t { NotStarted, Running, Finished, Errored };
    using Ids = std::set<std::string, std::less<>>;

    std::string open(Ids& ids, AgUiEventType type, std::string_view id, std::string_view what);
    std::string inside(const Ids& ids, AgUiEventType type, std::string_view id,
                       std::string_view what) const;

    Ids text_;
    Ids tools_;
    Ids reasoning_;
    Run run_ = Run::NotStarted;
    bool thinking_ = false;
    bool thinkingMessage_ = false;
};

} // namespace koder::wire
