// SPDX-License-Identifier: MIT
#pragma once

#include "koder/agent/announcer.h"
#include "koder/agent/debuglog.h"
#include "koder/agent/environment.h"
#include "koder/agent/hooks.h"
#include "koder/agent/input.h"
#include "koder/agent/memoryconversations.h"
#include "koder/agent/outcome.h"
#include "koder/agent/state.h"

#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace koder::agent {

/// The I/O a runtime asks for. A toolkit layer implements it (the Qt one with its transports,
/// tools, store and QTimer); tests implement it with a fake that records calls. Results come
/// back as inputs through Runtime::dispatch (transport events, a loaded conversation) or through
/// Runtime::toolFinished / Runtime::timerFired. Answering synchronously, from inside the call,
/// is allowed: the runtime queues what arrives while it is busy.
class Executor : public ConversationStorage {
public:
    enum class Timer : std::uint8_t {
        Retry, ///< the backoff before a retried request
        Flush, ///< saves the streaming reply while it grows (crash safety)
    };

    /// Send `request` to the model; its events come back as inputs naming its requestId.
    virtual void startRequest(const StartTurn& request) = 0;
    virtual void cancelRequest(RequestId id) = 0;
    /// Run an approved tool call; the result comes back through Runtime::toolFinished.
    virtual void runTool(const ToolCall& call) = 0;
    /// No result is expected any more (the turn ended); a late one is ignored anyway.
    virtual void cancelTool(const std::string& callId) = 0;
    /// A question from outside a tool call (RequestInput) stopped waiting: answer its asker.
    /// `valueJson` is the answer for InputDecision::Answered (the schema's defaults filled in),
    /// else empty. Cancelled also when it was refused, or its turn ended, was steered, or its
    /// conversation was left. Nothing by default.
    virtual void settleInput(const PendingInput& /*input*/, InputDecision /*decision*/,
                             const std::string& /*valueJson*/)
    {
    }
    /// A call the server asked a decision for (CallRunner::ServerAfterApproval) was decided:
    /// tell the server. Nothing by default.
    virtual void settleApproval(const SettleApproval& /*decision*/) {}

    /// Whether conversations are stored (the ConversationStorage members are the store's).
    /// Without a store the runtime keeps them in memory.
    virtual bool hasStore() const = 0;

    /// Call Runtime::timerFired(timer) once after `delayMs`; starting a started timer restarts it.
    virtual void startTimer(Timer timer, std::int64_t delayMs) = 0;
    virtual void stopTimer(Timer timer) = 0;

protected:
    Executor() = default;
    Executor(const Executor&) = default;
    Executor& operator=(const Executor&) = default;
};

/// Which derived properties a dispatch changed, for NOTIFY signals.
enum class Aspect : std::uint32_t {
    None = 0,
    Status = 1u << 0,
    Streaming = 1u << 1,
    Abortable = 1u << 2,
    PendingToolCalls = 1u << 3,
    LastError = 1u << 4,
    ConversationId = 1u << 5,
    AutoAccept = 1u << 6,
    SystemPrompt = 1u << 7,
    MaxSteps = 1u << 8,
    MaxRetries = 1u << 9,
    Policies = 1u << 10,      ///< toolPolicies
    Busy = 1u << 11,          ///< busyPolicy
    Queue = 1u << 12,         ///< the queued messages
    PendingInputs = 1u << 13, ///< the questions awaiting the user's answer
    Context = 1u << 14,       ///< contextUsed, contextRatio, contextWindow
    Compaction = 1u << 15,    ///< whether a compaction runs
    AutoCompact = 1u << 16,   ///< autoCompact
};
constexpr Aspect operator|(Aspect a, Aspect b)
{
    return static_cast<Aspect>(static_cast<unsigned>(a) | static_cast<unsigned>(b));
}
constexpr Aspect& operator|=(Aspect& a, Aspect b)
{
    return a = a | b;
}
constexpr bool has(Aspect set, Aspect a)
{
    return (static_cast<unsigned>(set) & static_cast<unsigned>(a)) != 0;
}

/// What a runtime tells the view layer, in this order for each dispatch: the list changes, the
/// changed properties, the announcements, then each event (a step's tools start after).
/// Every member has a no-op default.
class RuntimeObserver {
public:
    virtual ~RuntimeObserver() = default;

    virtual void rejected(const Rejection& /*rejection*/) {}
    virtual void messagesChanged(const std::vector<Change>& /*changes*/) {}
    virtual void propertiesChanged(Aspect /*changed*/) {}
    virtual void announced(const SpokenAnnouncement& /*announcement*/, bool /*heard*/) {}
    /// A terminal event follows: coalesced list updates must be visible before it.
    virtual void beforeTerminal() {}
    /// One lifecycle event. Strings in a StreamTokenEvent stay valid for this call only.
    virtual void event(const Event& /*event*/) {}
    virtual void turnStarting(const StartTurn& /*request*/) {}
    virtual void toolExecutionStarted(const ToolCall& /*call*/) {}
    virtual void toolExecutionFinished(const ToolCall& /*call*/, const ToolResult& /*result*/) {}
    virtual void hookFailed(const HookFailure& /*failure*/) {}
    /// A conversation that is not shown changed status: its turn runs on in the background, waits
    /// there for a tool decision, or ended (`finished`: the turn's terminal event came while it
    /// was not shown). Nothing else of a background turn reaches the observer.
    virtual void backgroundChanged(const std::string& /*conversationId*/, Status /*status*/,
                                   bool /*finished*/)
    {
    }

protected:
    RuntimeObserver() = default;
    RuntimeObserver(const RuntimeObserver&) = default;
    RuntimeObserver& operator=(const RuntimeObserver&) = default;
};

/// The agent loop around the reducer, toolkit-free (lager's store is the model): it owns the
/// state of the shown conversation and of every conversation whose turn runs on in the
/// background (each its own value, reduced by the same reducer; transport events and tool
/// results find theirs by request and call id), queues inputs that arrive while it is busy,
/// performs effects through an Executor in order, runs the hooks at their moments (onStart on a
/// turn's first request, the prepareStep chain on every request, onError only for the live request,
/// onStepFinish, onToolExecution- Start/End, onFinish on the terminal event), keeps the running
/// tool calls, schedules retries and the streaming saves on the executor's timers, keeps
/// conversations in memory when there is no store, and holds the announcements no listener has
/// heard yet.
class Runtime {
public:
    explicit Runtime(Executor& executor, Environment env = Environment::deterministic());
    Runtime(const Runtime&) = delete;
    Runtime& operator=(const Runtime&) = delete;

    void setObserver(RuntimeObserver* observer) { observer_ = observer; }

    /// Applies one input (a user action or a transport event). False when the core refused it
    /// (the observer heard why). An input arriving while the runtime is busy waits its turn and
    /// reports true.
    bool dispatch(Input&& input);
    /// Opens another conversation (dispatching Reset starts a new one the same way): from the
    /// store, or from memory without one (the one being left is kept there). Reopening the shown
    /// one reloads it from the store. A turn open in the conversation being left runs on in the
    /// background (up to maxBackgroundTurns(); beyond, or with 0, it stops as before); opening a
    /// conversation whose turn runs in the background shows it live, as it is.
    void openConversation(const std::string& id);
    /// The conversation is gone (deleted from the store): its background turn is cancelled and
    /// forgotten, nothing of it is written again.
    void forgetConversation(const std::string& id);
    /// Stops every background turn, as abort() stops the shown one (a transport being replaced
    /// cannot finish them).
    void abortBackground();
    /// The transport is being replaced: it cannot finish the open turns, so every one stops,
    /// in the background and shown. Call it before the executor's transport changes.
    void transportReplaced();

    /// How many turns may run on in conversations not shown. Default 4; 0 stops a turn when its
    /// conversation is left. While that many run, a send (or regenerate, edit) that would open a
    /// turn in the shown conversation is refused (RejectReason::TooManyTurns).
    void setMaxBackgroundTurns(int turns)
    {
        dispatch(SetMaxBackgroundTurns{turns < 0 ? 0 : turns});
    }
    int maxBackgroundTurns() const { return state_.settings.maxBackgroundTurns; }
    /// The ids of the conversations whose turn runs in the background, oldest first.
    std::vector<std::string> backgroundConversations() const;
    /// A background conversation's state, or null (tests, debug panels).
    const State* backgroundState(std::string_view conversationId) const;
    /// A conversation's status: the shown one's, a background turn's, how a background turn
    /// ended (error, interrupted, handoff) until the conversation is shown again, else Idle.
    Status statusOf(std::string_view conversationId) const;
    /// The result of a tool the executor ran. Ignored unless the call is running. `metadata`
    /// (JSON text of an object, or empty) is merged into the tool message's metadata.
    void toolFinished(const std::string& callId, std::string result, bool isError,
                      std::string metadata = {});
    void timerFired(Executor::Timer timer);
    /// The executor's store came or went: the streaming reply's periodic save follows, and a
    /// store that holds the shown conversation shows it as stored.
    void storeChanged();
    /// Saves the streaming reply now (a window closing mid-reply keeps what streamed so far).
    void flushStreamingReply();

    void addHooks(HookSet hooks) { hooks_.add(std::move(hooks)); }
    /// How ids and time are made (tests use Environment::deterministic()).
    void setEnvironment(Environment env) { env_ = std::move(env); }
    Environment& environment() { return env_; }
    /// Milliseconds between saves of a streaming reply (with a store). Minimum 10.
    void setFlushInterval(std::int64_t ms) { flushIntervalMs_ = ms < 10 ? 10 : ms; }
    std::int64_t flushInterval() const { return flushIntervalMs_; }

    const State& state() const { return state_; }
    /// The result of the last accepted dispatch: a branch's new conversation id.
    const std::string& lastResult() const { return lastResult_; }
    /// The approved call `callId` whose result is outstanding, or null.
    const ToolCall* runningTool(std::string_view callId) const { return runningIn(state_, callId); }
    /// Conversations kept in memory (no store): what was written of them.
    bool hasInMemory(const std::string& id) const { return memory_.holdsConversation(id); }

    /// A listener starts voicing `messageId`: returns what was said for it before, in order.
    /// Listeners are counted: the id is heard until as many unlisten() calls.
    std::vector<SpokenAnnouncement> listen(const std::string& messageId)
    {
        return announcer_.listen(messageId);
    }
    void unlisten(const std::string& messageId) { announcer_.unlisten(messageId); }
    std::size_t unheardCount() const { return announcer_.unheardCount(); }
    static constexpr std::size_t maxUnheard = Announcer::maxUnheard;

    /// The compact event log of what this runtime did (for debug panels); an add-on fed after
    /// every reduce, not part of the state.
    const DebugLog& debugLog() const { return log_; }

private:
    struct Snapshot {
        Status status = Status::Idle;
        bool open = false;
        std::size_t pendingCount = 0;
        std::string firstPending;
        std::size_t inputCount = 0;
        std::string firstInput;
        bool hasError = false;
        std::string errorCode;
        std::string conversationId;
        Settings settings;
        std::vector<QueuedMessage> queued;
        std::int64_t contextUsed = 0;
        bool compacting = false;
    };

    /// A retry waiting for its backoff, and when it falls due (Environment::now).
    struct Delayed {
        StartTurn request;
        std::int64_t due = 0;
    };
    /// One conversation's live value: its state and its pending retry.
    struct Live {
        State state;
        std::optional<Delayed> delayed;
    };

    bool streamText(Input&& input);
    // Ids by value: the live state that holds them may be gone when they are used again.
    bool dispatchBackground(std::string conversationId, Input&& input);
    Live* findBackground(std::string_view conversationId);
    const Live* findBackground(std::string_view conversationId) const;
    /// The background conversation a transport event or tool result belongs to, or null (the
    /// shown one's, or nobody's: the reducer drops it).
    Live* backgroundFor(const Input& input);
    void leaveRunning(const std::string& nextId);
    void showBackground(const std::string& id, bool keepLeft);
    void load(const std::string& id);
    /// Writes the reply streaming in `s`, if any, as far as it came.
    void saveStreamingRow(const State& s);
    void retireIfEnded(std::string conversationId, Status before, bool wasOpen);
    /// Where conversations are written and read: the executor's store, or memory.
    ConversationStorage& storage()
    {
        return executor_.hasStore() ? static_cast<ConversationStorage&>(executor_) : memory_;
    }
    /// Tells the observer which properties changed since it last heard (and marks a newly
    /// shown conversation read).
    void notifyProperties();
    void fireRetries();
    std::vector<ToolCall> performEffects(Live& live);
    void perform(Effect& effect, Live& live);
    void delay(Live& live, StartTurn request);
    void armRetryTimer(bool stopWhenIdle);
    void startRequest(StartTurn request);
    void runTool(const ToolCall& call);
    void runBackgroundTool(std::string conversationId, const ToolCall& call);
    static const ToolCall* runningIn(const State& state, std::string_view callId);
    void deliver(std::vector<Announcement>& announcements, std::vector<Event>& events);
    void speak(std::vector<Announcement>& announcements);
    void report(const std::vector<HookFailure>& failures);
    Aspect changedAspects();
    void giveBack(std::vector<Event>& events, std::vector<Announcement>& announcements);
    void drainQueue();
    void updateFlushTimer();

    Executor& executor_;
    RuntimeObserver* observer_ = nullptr;
    Environment env_;
    Live shown_;
    State& state_ = shown_.state;                   ///< the shown conversation
    std::vector<std::unique_ptr<Live>> background_; ///< turns running on unseen, oldest first
    std::unordered_map<std::string, Status> ended_; ///< how background turns ended, until shown
    Outcome out_;
    Hooks hooks_;
    Snapshot seen_;
    DebugLog log_;
    bool busy_ = false;
    int depth_ = 0; ///< dispatches under way: a handler's own dispatch nests in another's delivery
    std::deque<Input> queue_;
    std::string lastResult_;
    bool flushing_ = false; ///< the flush timer runs
    std::int64_t flushIntervalMs_ = 1000;
    MemoryConversations memory_{[this](SwitchConversation&& to) { dispatch(std::move(to)); }};
    Announcer announcer_;
};

} // namespace koder::agent
