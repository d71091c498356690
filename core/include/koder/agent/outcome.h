// SPDX-License-Identifier: MIT
#pragma once

#include "koder/agent/message.h"
#include "koder/agent/state.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace koder::agent {

// ---- change set ---------------------------------------------------------------------------------

/// Message fields, as a bit mask, so a list model can name exactly the roles that changed.
enum class Field : std::uint32_t {
    None = 0,
    Id = 1u << 0,
    Role = 1u << 1,
    Text = 1u << 2,
    Reasoning = 1u << 3,
    ToolCalls = 1u << 4,
    ToolCallId = 1u << 5,
    ToolName = 1u << 6,
    IsError = 1u << 7,
    Denied = 1u << 8,
    Aborted = 1u << 9,
    Error = 1u << 10,
    Attachments = 1u << 11,
    Context = 1u << 12,
    Selection = 1u << 13,
    Metadata = 1u << 14,
    CreatedAt = 1u << 15,
    Streaming = 1u << 16, ///< whether this row is the one being streamed
    Usage = 1u << 17,
    FinishReason = 1u << 18,
};
constexpr Field operator|(Field a, Field b)
{
    return static_cast<Field>(static_cast<std::uint32_t>(a) | static_cast<std::uint32_t>(b));
}
constexpr Field& operator|=(Field& a, Field b)
{
    return a = a | b;
}
constexpr bool has(Field set, Field f)
{
    return (static_cast<std::uint32_t>(set) & static_cast<std::uint32_t>(f)) != 0;
}

/// One step of a change set. Steps apply in order; each index refers to the list as it is after
/// the previous steps.
struct Change {
    enum class Kind : std::uint8_t { Inserted, Removed, Changed, Reset };
    Kind kind = Kind::Changed;
    std::size_t first = 0;
    std::size_t count = 0;
    Field fields = Field::None; ///< for Changed

    friend bool operator==(const Change&, const Change&) = default;
};

// ---- effects: I/O the Qt layer performs ---------------------------------------------------------

/// What a request is for. A transport treats them alike but for Continuation.
enum class RequestKind : std::uint8_t {
    Reply,        ///< a step of a turn
    Summary,      ///< compaction: the history's last message asks for a summary of the rest
    Continuation, ///< the history's last message is a reply cut by `length`, to be continued:
                  ///< a prefill where the API has one (Anthropic), else a request that asks
                  ///< the model to go on
};

/// Send `history` to the model. `delayMs` > 0 for a retry with backoff.
struct StartTurn {
    RequestId requestId = 0;
    std::string conversationId;
    std::vector<Message> history; ///< system prompt first when set; no checkpoints
    int step = 1;
    int attempt = 0;
    std::int64_t delayMs = 0;
    RequestKind kind = RequestKind::Reply;
};
/// Stop the turn's request and its running tools. `requestId` is the turn's most recent request:
/// still streaming, or finished when the turn waits for tools (a transport that keeps one
/// session per turn, like aichat.v1, ends that session).
struct CancelTurn {
    RequestId requestId = 0;
    std::vector<std::string> toolCallIds;
};
struct ExecuteTool {
    ToolCall call;
};
/// Write the conversation: rows of the active path from `fromRow` on changed (rows past the end
/// are gone); of the other versions, the ones named in `versionsWritten` left the path (write
/// them), the ones in `versionsDropped` joined it or are gone (drop them), or all of them are
/// rewritten (`allVersions`: the history was replaced).
struct Persist {
    std::string conversationId;
    std::size_t fromRow = 0;
    std::vector<std::string> versionsWritten{};
    std::vector<std::string> versionsDropped{};
    bool allVersions = false;
};
struct ForkConversation {
    std::string newConversationId;
    std::string sourceConversationId;
    std::vector<Message> messages;
};
struct DeleteStoredConversation {
    std::string conversationId;
};
/// The shown conversation's open turn goes on in the background; an empty conversation
/// `nextConversationId`, with the same settings, is shown in its place.
struct LeaveRunning {
    std::string nextConversationId;
};
/// The conversation whose turn runs in the background is shown, live. With `keepLeft` the one
/// left (its turn open) goes to the background in its place.
struct ShowBackground {
    std::string conversationId;
    bool keepLeft = false;
};
/// Load a conversation from storage (a store, or the runtime's memory) and answer with a
/// SwitchConversation.
struct LoadConversation {
    std::string conversationId;
};
/// A question from outside a tool call (RequestInput) stopped waiting: tell its asker the
/// `decision`, with the answer (`value`, JSON text, the schema's defaults filled in) when it was
/// answered (Executor::settleInput).
struct SettleInput {
    PendingInput input;
    InputDecision decision = InputDecision::Cancelled;
    std::string value{};
};
/// A call the server asked a decision for (CallRunner::ServerAfterApproval) was decided: the
/// transport tells the server. `arguments` holds the user's edited arguments (JSON text) when
/// they differ from the call's, else it is empty; `reason` is a denial's reason.
struct SettleApproval {
    std::string callId;
    bool approved = false;
    std::string reason{};
    std::string arguments{};
};
using Effect = std::variant<StartTurn, CancelTurn, ExecuteTool, Persist, ForkConversation,
                            DeleteStoredConversation, LeaveRunning, ShowBackground,
                            LoadConversation, SettleInput, SettleApproval>;

// ---- lifecycle events (R4) ----------------------------------------------------------------------

struct UserMessageEvent {
    std::string messageId;
};
struct StreamStartEvent {
    std::string messageId;
};
/// Views into the state: valid until the next reduce on that state. Allocation-free on purpose.
struct StreamTokenEvent {
    std::string_view messageId;
    std::string_view token;
};
struct ToolCallEvent {
    std::string messageId;
    ToolCall call;
};
struct StepFinishEvent {
    std::string messageId;
    int step = 1;
    std::string finishReason;
};
struct StreamEndEvent {
    std::string messageId;
};
struct ErrorEvent {
    std::string messageId;
    ErrorInfo error;
};
struct AbortedEvent {
    std::string messageId;
};
struct CheckpointRestoredEvent {
    std::string messageId;
    std::string payload;
};
/// A compaction ended: `messageId` is its summary row, or empty when it failed, was stopped or
/// the history changed under it (`error` says why; its code is empty on success).
struct CompactionEndEvent {
    std::string messageId;
    ErrorInfo error{};
};
using Event = std::variant<UserMessageEvent, StreamStartEvent, StreamTokenEvent, ToolCallEvent,
                           StepFinishEvent, StreamEndEvent, ErrorEvent, AbortedEvent,
                           CheckpointRestoredEvent, CompactionEndEvent>;

/// True for the events that end a turn: streamEnd, error, aborted.
bool isTerminal(const Event& e);
std::string_view eventName(const Event& e);

// ---- accessibility announcements ----------------------------------------------------------------

enum class Politeness : std::uint8_t { Off, Polite, Assertive };

struct Announcement {
    enum class Kind : std::uint8_t {
        ReplyStarted,
        ReplyText, ///< a phrase of the streaming reply: `text[offset, offset + length)`
        ReplyFinished,
        Stopped,
        Error,
        ApprovalNeeded,
        MessageAdded, ///< steer: the user's message joined the running reply
        InputNeeded,  ///< a question of the agent waits for the user's answer
        ContextHigh,  ///< the context crossed a threshold: `offset` is its percent (80, 95)
    };
    Kind kind = Kind::ReplyText;
    Politeness politeness = Politeness::Polite;
    std::string messageId;
    std::size_t offset = 0;
    std::size_t length = 0;

    friend bool operator==(const Announcement&, const Announcement&) = default;
};

// ---- rejection ----------------------------------------------------------------------------------

enum class RejectReason : std::uint8_t {
    TurnInProgress, ///< a turn is open (R7)
    NoTurn,         ///< nothing to abort
    UnknownMessage, ///< no message with that id
    NotUserMessage, ///< edit of an assistant message, ...
    NotCheckpoint,
    StillStreaming,   ///< the message is being streamed
    NothingToRun,     ///< regenerate with no user message before it
    UnknownToolCall,  ///< approve / deny of an id not pending
    InvalidMessages,  ///< add/set with invalid or duplicate messages; `detail` says which
    InvalidValue,     ///< e.g. maxSteps < 1
    ReadOnly,         ///< the conversation could not be loaded; `detail` says why
    TooManyTurns,     ///< as many turns run in the background as allowed; `detail` the count
    UnknownInput,     ///< answer / decline / cancel of an id not pending
    NothingToCompact, ///< compact: no rows before the ones kept
    Compacting,       ///< compact: a compaction runs already
    NotSummary,       ///< undoCompaction of a row that is not a summary
    NotCutOff,        ///< continueReply of a reply not cut by `length`, or not the last row
};

struct Rejection {
    std::string_view action;
    RejectReason reason;
    std::string detail;
};
/// A plain English sentence for logs; the Qt layer shows its own translated text.
std::string_view describe(RejectReason reason);
/// Whether a rejection's `detail` (which value, which field, why it could not be loaded) is
/// worth showing after the sentence.
bool showsDetail(RejectReason reason);
std::string_view toString(RejectReason reason);

// ---- the outcome of one reduce ------------------------------------------------------------------

struct Outcome {
    std::vector<Change> changes;
    std::vector<Effect> effects;
    std::vector<Event> events;
    std::vector<Announcement> announcements;
    std::optional<Rejection> rejection;
    /// The input was a transport event of another request (late tokens of an aborted turn), or a
    /// tool result nobody waits for: ignored, nothing else happened.
    bool dropped = false;
    std::string result; ///< the new conversation id of a branch

    bool rejected() const { return rejection.has_value(); }
    /// Empties every part but keeps the capacity, so a reused Outcome allocates nothing.
    void clear();
};

} // namespace koder::agent
