// SPDX-License-Identifier: MIT
// Turns the SSE events of an AG-UI run (the Agent-User Interaction protocol: one POSTed
// RunAgentInput, one `text/event-stream` response of JSON events) into the core's transport
// events. Plain C++: nlohmann-json (the shared state and its JSON Patches need it anyway), and
// simdjson for the content events nearly all of a stream is.
#pragma once

#include "aguiverify.h"
#include "ssedecoder.h"
#include "streamdecoder.h"

#include "koder/agent/serialization.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace koder::wire {

/// One interrupt of a run that ended paused (RUN_FINISHED with an `interrupt` outcome): what the
/// next run must answer in its `resume`.
struct AgUiInterrupt {
    std::string id;
    std::string reason; ///< "tool_call", "input_required", "confirmation", "<framework>:<name>"...
    std::string message;
    std::string toolCallId;
    std::string responseSchema; ///< JSON text, empty if none
    std::string metadata;       ///< JSON text, empty if none

    friend bool operator==(const AgUiInterrupt&, const AgUiInterrupt&) = default;
};

/// What the transport hears besides the core's inputs. Each may be empty. They are called while
/// the decoder reads: one may cancel() the decoder.
struct AgUiHandlers {
    /// The shared state changed: after a STATE_SNAPSHOT or an applied STATE_DELTA.
    std::function<void(const nlohmann::json& state)> state;
    /// A CUSTOM event (its name and value; a value it lacks is null), or a RAW one ("raw", the
    /// whole event).
    std::function<void(std::string_view name, const nlohmann::json& value)> custom;
    /// RUN_STARTED, STEP_STARTED / STEP_FINISHED, ACTIVITY_SNAPSHOT / ACTIVITY_DELTA, for a
    /// debug log: the event's type and the event.
    std::function<void(std::string_view type, const nlohmann::json& event)> log;
};

/// One AG-UI run's response. Each SSE event's data is one JSON object with a `type` (the SSE
/// event name is not used); the *_CHUNK events are expanded as the reference client does
/// (`@ag-ui/client` chunks/transform.ts) and the order is checked by an AgUiVerifier: breaking
/// it ends the request with StreamFailed `protocol_error` (not retryable) and a sentence, as
/// does data that is not a JSON object with a string `type`. Unknown event types and fields
/// are ignored; so are `timestamp`, `rawEvent` and `metadata`.
///
/// - TEXT_MESSAGE_START opens a row: MessageStarted with its `messageId` (a message of a role
///   other than "assistant" is skipped with a warning); TEXT_MESSAGE_CONTENT is TextDelta.
/// - REASONING_MESSAGE_CONTENT (and the deprecated THINKING_TEXT_MESSAGE_CONTENT) is
///   ReasoningDelta, with a blank line between two reasoning messages of one row. Reasoning goes
///   on the row the next text message opens: once a text message started in this run, reasoning
///   waits (counted against the reply budget) and comes right after the next MessageStarted, or
///   just before the end (or RUN_ERROR's failure) if no text message follows.
///   REASONING_ENCRYPTED_VALUE is ignored.
/// - TOOL_CALL_START / ARGS / END is one ToolCallRequested at its END, with runner Client when
///   its name is one of the frontend tools, else Server; no arguments are "{}".
///   TOOL_CALL_RESULT is ServerToolResult (`content` as is, JSON text when it is not a string).
/// - STATE_SNAPSHOT replaces the state; STATE_DELTA applies an RFC 6902 JSON Patch to it, all or
///   nothing (nlohmann-json's `patch`): a patch that does not apply ends the request with
///   `protocol_error` and leaves the state as it was before that event. A state nested deeper
///   than maxStateDepth is refused (`protocol_error`), and so is a patch that makes it larger
///   than Limits::maxEventBytes as JSON text, roughly, or than it was (`too_large`): larger
///   than a STATE_SNAPSHOT can be, which only a patch that copies the state into itself could
///   make (a few dozen such copies would need terabytes).
/// - MESSAGES_SNAPSHOT is ReconcileMessages of its user, assistant and tool messages.
/// - RUN_FINISHED takes its `usage` (summed over its entries) and its interrupts (also in the
///   interrupts proposal's earlier shapes: `interrupts` beside the outcome, or one
///   `interrupt`); the turn ends when the body does, so that an event after RUN_FINISHED still
///   makes it a `protocol_error`. Then each interrupt in order: `tool_call` is
///   ToolCallRequested with runner ServerAfterApproval (the call streamed in this run, else the
///   interrupt's `metadata.toolName` and `metadata.arguments`; it counts against the tool call
///   limit again), any other reason RequestInput (source "agui", its `message` and
///   `responseSchema`, else a default sentence and an object schema without properties); then
///   StreamEnded with "tool_calls" when a frontend tool was called, else "stop".
/// - RUN_ERROR is StreamFailed at once: its `code` (else "agent_error") and message, final.
/// - A body that ends without RUN_FINISHED or RUN_ERROR ends with an empty finish reason (the
///   core's retryable `incomplete`).
class AgUiStreamDecoder final : public StreamDecoder {
public:
    /// The deepest state accepted (containers nested in each other, the state itself one): the
    /// core's JSON limit.
    static constexpr std::size_t maxStateDepth =
        static_cast<std::size_t>(koder::agent::maxJsonDepth);

    /// `initialState` is the state the request sent (what STATE_DELTA patches until a snapshot
    /// replaces it); `frontendTools` the names of the tools the request offered the agent.
    AgUiStreamDecoder(koder::agent::RequestId requestId, Emit emit, Limits limits = {},
                      nlohmann::json initialState = nlohmann::json::object(),
                      std::vector<std::string> frontendTools = {}, AgUiHandlers handlers = {});
    ~AgUiStreamDecoder() override;

    void feed(std::string_view bytes) override;
    void endOfStream() override;
    /// After RUN_FINISHED the run is complete: a connection lost before the body's end (a
    /// proxy's cut, a transfer timeout) ends it as if the body had ended; posting it again would
    /// run the agent, and its tools, twice.
    void fail(koder::agent::ErrorInfo error) override;

    /// The shared state: the initial one until an event changed it.
    const nlohmann::json& state() const { return state_; }
    /// The interrupts of the RUN_FINISHED that ended the run, in order (empty otherwise).
    const std::vector<AgUiInterrupt>& interrupts() const { return interrupts_; }
    /// RUN_STARTED's `runId` (empty until it came).
    const std::string& runId() const { return runId_; }

private:
    /// A tool call streamed in this run.
    struct Call {
        std::string name;
        std::string arguments;
    };
    /// A *_CHUNK message or call that is open (transform.ts's mode).
    enum class ChunkMode : std::uint8_t { None, Text, Tool, Reasoning };
    /// What the end emits for an interrupt: a call waiting for a decision, or a question.
    using Pending = std::variant<koder::agent::ToolCall, koder::agent::PendingInput>;

    /// The fields of an event about a text message, a tool call or reasoning (START, CONTENT,
    /// END and their chunks) that the decoder reads: views into the parsed event.
    struct Fields {
        std::string_view id; ///< `messageId`, or `toolCallId` for a tool call
        std::string_view delta;
        std::string_view role;
        std::string_view name;   ///< `toolCallName`
        std::string_view parent; ///< `parentMessageId` of a tool call, when a string
        bool hasId = false;
        bool hasDelta = false;
        bool hasRole = false;
        bool hasName = false;
        bool hasParent = false;
        bool wrongId = false;    ///< the id is there but not a string
        bool wrongDelta = false; ///< `delta` is there but not a string
    };
    struct Json;

    void stopReading() override;
    void event(const SseEvent& e);
    bool fastEvent(std::string_view data);
    static bool isStep(AgUiEventType type);
    static const char* idKeyOf(AgUiEventType type);
    static Fields fieldsOf(AgUiEventType type, const nlohmann::json& event);
    void step(AgUiEventType type, const Fields& f);
    bool closeChunk();
    void expandChunk(AgUiEventType type, const Fields& chunk);
    void apply(AgUiEventType type, nlohmann::json& event);
    void textStart(std::string_view id, std::string_view role);
    void textContent(std::string_view id, std::string_view delta);
    void reasoningDelta(std::string_view delta);
    bool flushReasoning();
    void toolCallStart(std::string_view id, std::string_view name, std::string_view parent);
    void toolCallArgs(std::string_view id, std::string_view delta);
    void toolCallEnd(std::string_view id);
    void toolCallResult(const nlohmann::json& event);
    void stateSnapshot(nlohmann::json& event);
    void stateDelta(nlohmann::json& event);
    void messagesSnapshot(const nlohmann::json& event);
    void runFinished(const nlohmann::json& event);
    void runError(const nlohmann::json& event);
    bool readInterrupt(const nlohmann::json& interrupt);
    void readUsage(const nlohmann::json& usage);
    void protocolError(std::string sentence);
    std::size_t stateCap() const;
    bool stateFits(std::size_t weight);

    SseDecoder sse_;
    std::unique_ptr<Json> json_; ///< simdjson, for content and chunk events
    AgUiVerifier verifier_;
    AgUiHandlers handlers_;
    std::set<std::string, std::less<>> frontendTools_;
    std::size_t maxStateWeight_;
    nlohmann::json state_;
    std::size_t stateWeight_ = 0; ///< state_'s size as JSON text, roughly (see stateCap())
    std::string runId_;
    std::vector<AgUiInterrupt> interrupts_;
    std::vector<Pending> atEnd_; ///< what the interrupts ask, emitted at the end
    bool runFinished_ = false;

    // Chunk expansion
    ChunkMode chunkMode_ = ChunkMode::None;
    std::string chunkId_;

    // Text and reasoning
    std::set<std::string, std::less<>> skippedMessages_; ///< open messages of other roles
    std::string currentMessage_;                         ///< the id of the last MessageStarted
    bool textStarted_ = false;      ///< a MessageStarted was emitted in this run
    bool rowHasReasoning_ = false;  ///< reasoning was emitted on the current row
    bool newReasoningPart_ = false; ///< a reasoning message began: a blank line before it
    std::string pendingReasoning_;  ///< reasoning for the row the next text message opens

    // Tool calls
    std::map<std::string, Call, std::less<>> openCalls_;
    std::map<std::string, Call, std::less<>> calls_; ///< ended in this run
    bool clientCalls_ = false;                       ///< a frontend tool was called
};

} // namespace koder::wire
