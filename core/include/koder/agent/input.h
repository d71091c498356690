// SPDX-License-Identifier: MIT
#pragma once

#include "koder/agent/approval.h"
#include "koder/agent/message.h"
#include "koder/agent/question.h"
#include "koder/agent/retry.h"
#include "koder/agent/types.h"
#include "koder/agent/versions.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

/// Everything that can happen to a State: user actions and transport events.
namespace koder::agent {

// ---- user actions -----------------------------------------------------------------------------

struct Send {
    std::string text;
    std::string attachments; ///< JSON text, empty for none
};
struct Regenerate {
    std::string messageId;
};
struct Edit {
    std::string messageId;
    std::string newText;
};
struct Branch {
    std::string messageId;
};
/// Shows version `index` (0-based) of the row `messageId` of the active path, continuing under
/// it with the descendants that were active there last.
struct SwitchVersion {
    std::string messageId;
    int index = 0;
};
/// The switches that make the active path `path` go through the message `id`, in the order
/// they are applied: none when it is on the path already; nullopt when neither the path nor
/// `versions` holds it.
std::optional<std::vector<SwitchVersion>>
switchesToShow(const std::vector<Message>& path, const Versions& versions, std::string_view id);
struct Abort {};
struct Clear {};
struct DeleteConversation {};
/// Runs a pending call. `scope` Conversation grants its tool for the rest of the conversation,
/// Always sets the tool's policy to Allow; `arguments` (JSON text of an object, checked against
/// the tool's `parameters`) replaces the model's, and the history records what ran.
struct ApproveToolCall {
    std::string callId;
    ApprovalScope scope = ApprovalScope::Once;
    std::optional<std::string> arguments{};
};
struct DenyToolCall {
    std::string callId;
    std::string reason;
};
/// Decides every pending call at once.
struct ApproveAll {
    ApprovalScope scope = ApprovalScope::Once;
};
struct DenyAll {
    std::string reason;
};
/// Answers the pending input `id` with `value` (JSON text of the object its schema describes,
/// checked with checkAnswer()); a question a tool call asked gives the call its result
/// (answerText()) and the turn goes on.
struct AnswerInput {
    std::string id;
    std::string value;
};
/// The user declines to answer the pending input `id`: a tool call's result says so and the
/// turn goes on.
struct DeclineInput {
    std::string id;
};
/// The user dismisses the pending input `id` without deciding: as DeclineInput, recorded as
/// cancelled.
struct CancelInput {
    std::string id;
};
/// Appends a user message without starting a turn.
struct AddUserMessage {
    std::string text;
};
struct AddMessages {
    std::vector<Message> messages;
};
struct SetMessages {
    std::vector<Message> messages;
};
/// Back to an empty conversation with a new id; configuration (tools, prompt, policy) is kept.
struct Reset {};
struct SetAutoAccept {
    AutoAccept mode;
};
struct SetBusyPolicy {
    BusyPolicy policy;
};
/// Sends the first queued message now (no turn may be open).
struct SendQueued {};
/// Drops a queued message.
struct CancelQueued {
    std::string id;
};
/// Replaces the per-tool policies; pending calls are decided again under them.
struct SetToolPolicies {
    ToolPolicies policies;
};
struct SetSystemPrompt {
    std::string prompt;
};
struct SetTools {
    std::vector<ToolInfo> tools;
};
struct SetMaxSteps {
    int maxSteps;
};
struct SetMaxRetries {
    int maxRetries;
};
struct AddCheckpoint {
    std::string payload; ///< JSON text
};
struct RestoreCheckpoint {
    std::string messageId;
};
/// The model's context window in tokens (0: unknown). Settings::contextWindow.
struct SetContextWindow {
    std::int64_t tokens = 0;
};
/// Compaction starts by itself after a reply that leaves contextRatio() at least `ratio`
/// (0 turns it off; at most 1). Settings::autoCompact.
struct SetAutoCompact {
    double ratio = 0;
};
/// Summarises the older part of the history into one Role::Summary row, through a request of
/// its own (StartTurn with RequestKind::Summary) that never holds up a turn: the summary row
/// lands before the rows kept as they are once the model answered (see contextBudget.qdoc for
/// which rows are kept). Refused while a compaction runs (Compacting) or when there is nothing
/// before the rows kept (NothingToCompact).
struct Compact {};
/// Removes the summary row `messageId`: the rows before it are sent again.
struct UndoCompaction {
    std::string messageId;
};
/// A reply cut by the model's output limit (finish reason "length") goes on in the same row
/// (RequestKind::Continuation). Refused for any other reply (NotCutOff) and while a turn is open.
struct ContinueReply {
    std::string messageId;
};
/// Asks to show another conversation (Runtime::openConversation): the reducer decides what
/// becomes of the open turn and where the conversation comes from (see the effects
/// LeaveRunning, ShowBackground and LoadConversation).
struct OpenConversation {
    std::string conversationId;
};
/// A turn that ran on in the background ended, or its conversation was deleted: it no longer
/// takes one of the places State::settings.maxBackgroundTurns allows.
struct BackgroundEnded {
    std::string conversationId;
};
/// Loads another conversation (from a store or a fork kept in memory).
struct SwitchConversation {
    std::string conversationId;
    std::vector<Message> messages;
    /// Non-empty when the conversation could not be loaded: it is shown empty and read-only
    /// (nothing may be added, so nothing overwrites the stored copy) until it is replaced
    /// (SetMessages), deleted, cleared or left.
    std::string loadError;
    Versions versions{}; ///< the rest of its tree (checked: see assembleVersions)
    /// Its stored tool phase: a conversation left waiting for the user comes back waiting.
    ApprovalState approvals{};
    /// Its queued messages (BusyPolicy::Queue).
    std::vector<QueuedMessage> queued{};
};

// ---- transport events (each names the request it belongs to) ----------------------------------

struct StreamStarted {
    RequestId requestId;
};
struct TextDelta {
    RequestId requestId;
    std::string text;
};
struct ReasoningDelta {
    RequestId requestId;
    std::string text;
};
/// Who runs a tool call a request brought.
enum class CallRunner : std::uint8_t {
    /// Decided by the policies or the user and run here (an ExecuteTool effect).
    Client,
    /// The server runs it (AG-UI's backend tools, and calls of tools this side does not have):
    /// shown on its row, never decided, run or answered here; its result may come as a
    /// ServerToolResult.
    Server,
    /// The server waits for a decision before it runs it (an AG-UI `tool_call` interrupt): decided
    /// here like any call (policies, autoAccept, the user, edited arguments), and the decision
    /// goes back to the server (a SettleApproval effect); nothing runs here and no tool message
    /// is written for it. A call of this id already on the step's row is upgraded.
    ServerAfterApproval,
};
/// A complete tool call (the transport assembles argument fragments). A call whose id is
/// already on a row of the turn updates that call (its name and arguments) rather than adding
/// one.
struct ToolCallRequested {
    RequestId requestId;
    ToolCall call;
    CallRunner runner = CallRunner::Client;
};
/// The server began its message `messageId` in this request (AG-UI's message ids): the reply
/// row takes that id while it has said nothing (and no other message has the id); otherwise a
/// new assistant row opens for it, after what the request added so far. Repeating the id of
/// the current row changes nothing.
struct MessageStarted {
    RequestId requestId;
    std::string messageId;
};
/// The result of a call the server ran (AG-UI's TOOL_CALL_RESULT): a tool message with the text
/// as sent and `metadata.ranBy` "server", never run here; `messageId` becomes its id when no
/// other message has it. A second result for the same call replaces the first one's text.
struct ServerToolResult {
    RequestId requestId;
    std::string callId;
    std::string messageId;
    std::string text;
    bool isError = false;
};
/// The server's view of the conversation (AG-UI's MESSAGES_SNAPSHOT), reconciled with the
/// active path by message id: a row it names takes its text (and tool calls), a message the
/// path lacks is added (before the streaming row while that row is empty), nothing is removed.
struct ReconcileMessages {
    RequestId requestId;
    std::vector<Message> messages;
};
/// The model finished this request. `finishReason` as the wire said it ("stop", "tool_calls",
/// "length", "end_turn", ...; the row keeps it normalised, see normalizedFinishReason); empty
/// means the stream ended without one, which is an incomplete turn. `usage` is what the server
/// reported for the request. `metadata` (JSON text of an object, or empty) is merged into the
/// row's metadata: what a provider needs back with the reply in the next request (Anthropic's
/// thinking blocks with their signatures). `text`, when set, is the reply's whole text as the
/// server gave it at the end, which replaces what streamed (the Responses API's `.done` events
/// win over their deltas).
struct StreamEnded {
    RequestId requestId;
    std::string finishReason = "stop";
    Usage usage{};
    std::string metadata{};
    std::optional<std::string> text{};
};

/// A wire's finish reason as an assistant row keeps it: "stop", "length", "tool_calls",
/// "refusal" or "content_filter". With `askedForTools` a "stop" is a tool step (Ollama ends one
/// so); a reason no API documents counts as "stop".
std::string_view normalizedFinishReason(std::string_view wireReason, bool askedForTools);
/// Whether a finish reason (as any wire says it) is the model declining: a refusal or a filter.
bool isRefusal(std::string_view wireReason);
/// The transport or model failed. `verdict` is what the onError hooks decided (see hooks.h).
struct StreamFailed {
    RequestId requestId;
    ErrorInfo error;
    ErrorVerdict verdict = ErrorVerdict::Default;
};
/// The conversation is handed to another agent or a human; the turn ends.
struct Handoff {
    RequestId requestId;
    std::string target;
};
/// How many turns may run on in conversations not shown (Settings::maxBackgroundTurns).
struct SetMaxBackgroundTurns {
    int turns = 4;
};
/// The result of a tool the Qt layer ran for an ExecuteTool effect.
struct ToolResult {
    std::string callId;
    std::string result; ///< text, or JSON text when the tool returned a non-string
    bool isError = false;
    /// JSON text of an object, or empty: merged into the tool message's metadata (what the
    /// result holds besides its text, such as an MCP result's `content` parts and
    /// `structuredContent`); the keys the core writes itself (`approval`) win.
    std::string metadata{};
};
/// How far a running tool call got (an MCP server's progress notification): kept on the open
/// turn while the call runs (toolProgressOf()), until its result arrives or the turn ends.
/// Ignored for a call that is not running.
struct ToolProgress {
    std::string callId;
    double progress = 0;
    std::optional<double> total{};
    std::string message{};
};
/// A question from outside a tool call's result (an MCP server's elicitation, an AG-UI
/// interrupt): waits in pendingInputs while the turn is open, and its answer goes back to its
/// asker through Executor::settleInput. `input.id` is the asker's, `input.source` not "tool";
/// `input.callId` may name the running call that asked. Refused without an open turn, for an id
/// already waiting, or for a schema checkQuestionSchema() refuses (the runtime then settles it
/// as cancelled). Never stored.
struct RequestInput {
    PendingInput input;
    /// The request that pauses on the question (an AG-UI run that ends with an interrupt): when
    /// that request ends, the turn waits for the answer and then goes on with a new request,
    /// which carries it. 0 (an MCP server's elicitation): the question waits only while the
    /// turn is open anyway. Refused (RejectReason::NoTurn) for a request that is not streaming.
    RequestId requestId = 0;
};
/// The asker withdrew its question `id` (the server's request is gone): it stops waiting, and
/// nothing is sent back.
struct WithdrawInput {
    std::string id;
};

/// What the server says it is doing in this request (AG-UI's STEP_* and ACTIVITY_* events):
/// `kind` is "stepStarted", "stepFinished" or "activity", `name` the step's name or the
/// activity's type. Nothing changes; the debug log notes it.
struct ServerActivity {
    RequestId requestId;
    std::string kind;
    std::string name;
};

using Input =
    std::variant<Send, Regenerate, Edit, Branch, SwitchVersion, Abort, Clear, DeleteConversation,
                 ApproveToolCall, DenyToolCall, ApproveAll, DenyAll, AnswerInput, DeclineInput,
                 CancelInput, AddUserMessage, AddMessages, SetMessages, Reset, SetAutoAccept,
                 SetToolPolicies, SetBusyPolicy, SendQueued, CancelQueued, SetSystemPrompt,
                 SetTools, SetMaxSteps, SetMaxRetries, AddCheckpoint, RestoreCheckpoint,
                 SwitchConversation, OpenConversation, BackgroundEnded, SetMaxBackgroundTurns,
                 StreamStarted, TextDelta, ReasoningDelta, ToolCallRequested, StreamEnded,
                 StreamFailed, Handoff, ToolResult, ToolProgress, RequestInput, WithdrawInput,
                 MessageStarted, ServerToolResult, ReconcileMessages, ServerActivity,
                 SetContextWindow, SetAutoCompact, Compact, UndoCompaction, ContinueReply>;

/// The action's name as `rejected(action, reason)` reports it ("send", "edit", ...).
std::string_view actionName(const Input& input);
/// The request a transport event names (its `requestId`); 0 for every other input.
RequestId requestIdOf(const Input& input);

} // namespace koder::agent
