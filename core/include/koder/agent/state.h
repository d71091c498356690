// SPDX-License-Identifier: MIT
#pragma once

#include "koder/agent/approval.h"
#include "koder/agent/message.h"
#include "koder/agent/question.h"
#include "koder/agent/types.h"
#include "koder/agent/versions.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace koder::agent {

enum class Status : std::uint8_t {
    Idle,
    Streaming,
    ReviewingToolCall,
    RunningTool,
    Error,
    Interrupted,
    Handoff,
    AwaitingInput,
};

inline constexpr std::size_t noRow = static_cast<std::size_t>(-1);

/// How far a running tool call got, as its tool last reported (ToolProgress); see
/// toolProgressOf() in toolcallstatus.h.
struct ToolCallProgressReport {
    double progress = 0;
    std::optional<double> total{}; ///< none when the tool does not know
    std::string message{};

    friend bool operator==(const ToolCallProgressReport&, const ToolCallProgressReport&) = default;
};

/// Bookkeeping of the open turn (a send, regenerate or edit until its terminal event).
struct Turn {
    RequestId requestId = 0;          ///< the request currently streaming; 0 between steps
    RequestId lastRequestId = 0;      ///< the most recent request of the turn, finished or not
    int step = 1;                     ///< model-call index inside the turn, from 1
    int attempt = 0;                  ///< retries spent on the current step
    std::size_t stepRow = noRow;      ///< the current step's assistant message
    std::size_t announcedUpTo = 0;    ///< text offset of the streaming row already announced
    std::size_t stepFirstRow = noRow; ///< the row the current step opened with (see MessageStarted)
    std::vector<ToolCall> stepCalls;  ///< calls the current step requested, in order
    /// Calls of the step whose server runs them once decided here
    /// (CallRunner::ServerAfterApproval): their decision goes back (SettleApproval).
    std::vector<std::string> serverDecides{};
    /// Questions the streaming request paused on (RequestInput::requestId): when it ends the
    /// turn waits for them, and the next request carries their answers.
    std::vector<std::string> pausedOn{};
    std::vector<std::string> running; ///< approved calls whose result is outstanding
    std::vector<Approval> decided;    ///< how each running call was allowed (its audit record)
    /// The latest progress of running calls, by call id (not stored, not announced).
    std::map<std::string, ToolCallProgressReport, std::less<>> progress{};
    /// A continued reply (ContinueReply): the length of its text before this turn; its requests
    /// are RequestKind::Continuation and a retry goes back to that text.
    std::optional<std::size_t> continuedFrom{};
    /// The summary that was the boundary when the current request went out ("" for none): the
    /// prompt its server reports was counted under it.
    std::string sentUnder{};
};

/// The settings of a surface: they hold for every conversation it shows (opening another one
/// keeps them) and decide what inputs do. The one list of them: a setting added here is copied,
/// compared and reported with the others.
struct Settings {
    AutoAccept autoAccept = AutoAccept::Never;
    ToolPolicies toolPolicies; ///< per tool, over autoAccept
    BusyPolicy busyPolicy = BusyPolicy::Reject;
    std::string systemPrompt;
    std::vector<ToolInfo> tools;
    int maxSteps = 10;
    int maxRetries = 0;
    /// How many turns may run on in conversations not shown; 0 stops a turn when its
    /// conversation is left.
    int maxBackgroundTurns = 4;
    /// The model's context window in tokens; 0 when unknown.
    std::int64_t contextWindow = 0;
    /// Compaction starts after a reply whose contextRatio() is at least this; 0 = off.
    double autoCompact = 0;

    friend bool operator==(const Settings&, const Settings&) = default;
};

/// One conversation: what is stored with it.
struct ConversationState {
    std::string id;
    std::vector<Message> messages; ///< the active path of the conversation tree
    Versions versions;             ///< the rest of the tree
    /// Tools the user allowed for the rest of this conversation.
    std::vector<std::string> grantedTools;
    /// Sent while a turn was open (BusyPolicy::Queue), in order.
    std::vector<QueuedMessage> queued;
    /// clear() emptied the view of a conversation whose stored copy stays: the next message
    /// added starts a new conversation (a new id) rather than overwriting that copy.
    bool cleared = false;
    /// Why the conversation could not be loaded; while set it is read-only.
    std::string loadError;
};

/// How much of the model's context window the next request will fill (see contextestimate.h):
/// kept up to date by the reducer, in O(1) per streamed token.
struct ContextMeter {
    /// The rows before the streaming one: the last reported prompt and what was added since.
    std::int64_t settled = 0;
    /// The streaming row's text so far, in quarter tokens (see estimateUnits()).
    std::int64_t streamingUnits = 0;
    /// The server said the prompt was too long ("context_length"): the meter stands at the
    /// window until the history changes.
    bool overflowed = false;
    /// The highest threshold announced (0 none, 1 for 0.8, 2 for 0.95): each is announced
    /// once when crossed, again after the ratio fell below it.
    int announced = 0;

    friend bool operator==(const ContextMeter&, const ContextMeter&) = default;
};

/// A compaction under way (Compact): its request, and where its summary goes.
struct Compaction {
    RequestId requestId = 0;
    std::string lastSummarizedId; ///< the last row the summary covers
    std::string firstKeptId;      ///< the row the summary goes before
    std::size_t rows = 0;         ///< how many rows it covers (a summary before them counts)
    std::string text;             ///< the summary as it streams

    friend bool operator==(const Compaction&, const Compaction&) = default;
};

/// The whole state of one conversation surface, nested by sub-model: its settings, the shown
/// conversation, and the turn (status, the open turn, the calls waiting for the user, the last
/// error). Each sub-model has its reducer (reduction.h). Plain value: copy it, compare it,
/// serialize it.
struct State {
    Settings settings;
    ConversationState conversation;

    Status status = Status::Idle;
    std::optional<ErrorInfo> lastError;
    std::vector<ToolCall> pendingToolCalls;
    /// The questions of the open turn waiting for the user's answer (status AwaitingInput once
    /// no call waits for a decision).
    std::vector<PendingInput> pendingInputs;
    std::optional<Turn> turn;
    std::uint64_t nextRequestId = 1;
    /// The conversations whose turn runs on unseen, oldest first (the runtime holds their
    /// states; the reducer decides when one more may go there).
    std::vector<std::string> background;
    ContextMeter context{};
    std::optional<Compaction> compaction{};
};

/// The tokens the next request will send (the controller's contextUsed).
inline std::int64_t contextUsed(const State& s)
{
    const std::int64_t used = s.context.settled + (s.context.streamingUnits + 3) / 4;
    return s.context.overflowed && s.settings.contextWindow > used ? s.settings.contextWindow
                                                                   : used;
}
/// contextUsed() / Settings::contextWindow, at most 1; 0 while the window is unknown.
inline double contextRatio(const State& s)
{
    if (s.settings.contextWindow <= 0)
        return 0;
    const double ratio =
        static_cast<double>(contextUsed(s)) / static_cast<double>(s.settings.contextWindow);
    return ratio > 1 ? 1 : ratio;
}

/// True between a send and stream end / error / abort, and again while a tool loop resumes.
inline bool isStreaming(const State& s)
{
    return s.status == Status::Streaming;
}
/// True iff a turn is open: streaming, reviewing a tool call or running a tool.
inline bool isAbortable(const State& s)
{
    return s.turn.has_value();
}

/// The row being streamed into, or noRow.
inline std::size_t streamingRow(const State& s)
{
    return s.turn && s.status == Status::Streaming ? s.turn->stepRow : noRow;
}

/// Where row `row` of the active path stands among its siblings.
inline VersionPosition versionOf(const State& s, std::size_t row)
{
    const ConversationState& c = s.conversation;
    return c.versions.siblings.empty()
               ? VersionPosition{}
               : c.versions.position(parentIdOf(c.messages, row), c.messages[row].id);
}

/// What a store keeps of the open tool phase (see ApprovalState).
ApprovalState approvalStateOf(const State& s);

/// Linear: for user actions, never on the token path.
std::size_t findMessage(const State& s, std::string_view id);
const ToolInfo* findTool(const State& s, std::string_view name);

std::string_view toString(Status status);

} // namespace koder::agent
