// SPDX-License-Identifier: MIT
// The reducer, composed by domain. One reduce call is a Reduction: the state, where to report
// (the Outcome) and the environment, with the bookkeeping every domain shares (change set,
// persistence, ids, rejections, announcements) and the steps of the open turn and of its tool
// phase that several domains take. Each domain reduces its own inputs; reducer.cpp composes the
// four with `overloaded`, so an input that no domain takes, or that two take, does not compile.
#pragma once

#include "koder/agent/environment.h"
#include "koder/agent/input.h"
#include "koder/agent/outcome.h"
#include "koder/agent/state.h"

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace koder::agent::reduction {

class Reduction {
public:
    /// The meter is recounted from the whole path (a structural change): O(history).
    static void recountContext(State& s);
    Reduction(State& s, Outcome& out, Environment& env)
        : s_(s)
        , out_(out)
        , env_(env)
    {
    }

protected:
    // ---- bookkeeping (reduction.cpp) ------------------------------------------------------

    void reject(RejectReason reason, std::string detail = {});
    /// A conversation that failed to load takes nothing new: rejects and returns true.
    bool readOnly();
    /// A transport event of another request, or a result nobody waits for: ignored.
    void dropped();

    bool isCurrent(RequestId id) const
    {
        return s_.turn && id != 0 && s_.turn->requestId == id && s_.status == Status::Streaming;
    }

    /// A turn would open while as many run in the background as the settings allow: rejects
    /// (TooManyTurns) and returns true. Leaving this one later could not keep it running.
    bool tooManyTurns();
    /// Whether the open turn may go on in the background when its conversation is left.
    bool roomToLeaveRunning() const
    {
        const int max = s_.settings.maxBackgroundTurns;
        return s_.turn && max > 0 && s_.background.size() < static_cast<std::size_t>(max);
    }

    void ensureConversationId();
    void startNewConversation();
    Message newMessage(Role role, std::string text);
    /// An id no message of the tree (on the path or off it) has.
    std::string freshMessageId();

    // The change set: every change of `s_.messages` is reported through these.
    std::size_t append(Message m);
    void changed(std::size_t row, Field fields)
    {
        if (!out_.changes.empty()) {
            Change& last = out_.changes.back();
            if (last.kind == Change::Kind::Reset) // every row is read anew anyway
                return;
            if (last.kind == Change::Kind::Changed && last.first == row) {
                last.fields |= fields;
                return;
            }
        }
        out_.changes.push_back({Change::Kind::Changed, row, 1, fields});
    }
    /// A row the server reports (its tool result, a message of its snapshot): before the reply
    /// row while that one has said nothing and is last, else at the end; written. Its index.
    std::size_t addServerRow(Message m);
    /// Whether the open step asked for calls this side decides and runs (not its server's).
    bool hasClientCalls() const;
    /// Gives row `row` the id `id` (no other message has it), in the tree of versions too.
    void renameRow(std::size_t row, std::string id);
    /// Whether no message of the tree (on the path or off it) has the id `id`.
    bool idIsFree(std::string_view id) const;
    /// Drops the rows after `row`, and the other versions under what is dropped.
    void truncateAfter(std::size_t row);
    /// Moves the rows from `first` on off the active path, kept as another version: what is
    /// appended at `first` next is a new version beside them (append() records it).
    void stashFrom(std::size_t first);
    /// Brings the version `id` (off the path, a child of the last row) and the descendants that
    /// were active under it onto the path.
    void unstash(std::string id);
    void replaceMessages(std::vector<Message> messages, Versions versions = {});

    /// The write of this reduce (one Persist effect, made on first use), from `fromRow` on.
    Persist& persist(std::size_t fromRow);
    void announce(Announcement::Kind kind, Politeness politeness, const std::string& messageId,
                  std::size_t offset = 0, std::size_t length = 0);

    // ---- the open turn (turn.cpp) ---------------------------------------------------------

    /// Appends the user message `m` (with `attachments`, JSON text) and opens a turn for it.
    void sendMessage(Message m, const std::string& attachments);
    /// After a turn ended with streamEnd (or when asked): the first queued message is sent.
    void sendNextQueued();

    /// Opens a turn: a streaming assistant message and the first request.
    void startTurn();
    /// The next model call of the open turn, after its tool results.
    void startNextStep();
    void finishTurn(Status status);
    void failTurn(ErrorInfo error);
    /// The current request failed: retry it, or end the turn with the error.
    void failStep(const ErrorInfo& error, ErrorVerdict verdict);
    /// Closes the open turn as aborted (its one terminal event); `keepRecord` for a user's stop.
    void cancelOpenTurn(bool keepRecord);

    // ---- the tool phase (reduce_tools.cpp) ------------------------------------------------

    /// The step that just ended asked for tools: runs what the policies accept, denies what
    /// they deny, asks about the rest, answers unknown tools with an error.
    void startToolPhase(std::size_t row);
    /// Decides the pending calls again (a decision, a policy or a grant just changed): some run
    /// or are denied now; what still waits is written with the conversation. With
    /// `toolsChanged` (the registered tools changed) a call whose tool is gone keeps waiting (an
    /// MCP server may come back with it; approving it then answers it as unknown), and nothing
    /// is written unless a call was decided.
    void redecidePending(bool toolsChanged = false);
    /// The call `callId` of the open step, or (the step no longer holds it) one of that id and
    /// `name` without arguments: what a late answer is recorded against.
    ToolCall stepCall(const std::string& callId, const std::string& name = {}) const;
    /// The policy of `toolName`: the settings' entry for it, else the tool's own
    /// (ToolInfo::policy); null when neither has one (autoAccept decides).
    const ToolPolicy* policyOf(std::string_view toolName) const
    {
        const auto policy = s_.settings.toolPolicies.find(toolName);
        if (policy != s_.settings.toolPolicies.end())
            return &policy->second;
        const ToolInfo* tool = findTool(s_, toolName);
        return tool && tool->policy ? &*tool->policy : nullptr;
    }
    /// Whether `toolName` has a Deny policy (see policyOf()).
    bool deniedByPolicy(std::string_view toolName) const
    {
        const ToolPolicy* policy = policyOf(toolName);
        return policy && *policy == ToolPolicy::Deny;
    }
    /// A call to a tool nobody registered: an error result, never run.
    void answerUnknownTool(const ToolCall& call);
    /// Runs or denies `call` as the policies say; false when the user must decide.
    bool decideByPolicy(const ToolCall& call);
    /// Decides what the tool phase waits for, or moves on to the next step when nothing is left.
    void settleToolPhase();
    /// A call that may run, with how it was allowed: its ExecuteTool effect; the result is
    /// awaited.
    void run(ToolCall call, Approval approval);
    /// `metadata` (JSON text, or empty) gets the call's audit record.
    void appendToolMessage(const ToolCall& call, std::string text, bool isError, bool denied,
                           Approval approval, std::string_view metadata = {});
    /// A call of a tool that asks the user (ToolInfo::asksUser): its question waits in
    /// pendingInputs, or a question it cannot ask is its error result.
    void askUser(const ToolCall& call);
    /// The waiting questions whose tool has a Deny policy now are answered as denied by it
    /// (the policy changed while they waited); true when there was one.
    bool denyQuestionsByPolicy();
    /// The pending input at `index` is decided: a tool call's result (the answer, or the
    /// declined text), recorded with the decision in `metadata.input`; a question from outside
    /// (RequestInput) goes back to its asker (a SettleInput effect).
    void decideInput(std::size_t index, InputDecision decision, const std::string& valueJson);
    /// Every question from outside a tool call still waiting is settled as cancelled: its
    /// asker hears it (the turn ends, is steered, or its conversation is left).
    void cancelExternalInputs();
    /// Whether the open turn is between two steps (calls wait for the user or run).
    bool inToolPhase() const
    {
        return s_.turn && (s_.status == Status::ReviewingToolCall ||
                           s_.status == Status::RunningTool || s_.status == Status::AwaitingInput);
    }
    /// After a question from outside left: in the tool phase, what still waits decides the
    /// status, or the next step starts (written, with the rows it adds); while a step streams,
    /// nothing changes.
    void settleAfterExternalInput();
    /// Progress reports of running calls go (the calls stopped running): the row that holds
    /// them is reported changed.
    void clearProgress();
    /// The progress report of `callId` goes (its result came).
    void forgetProgress(const std::string& callId);
    /// Each call of the step still waiting for the user or for its tool gets a tool message
    /// saying it was not run (`notDecided`) or not completed (`notCompleted`), and each
    /// question still waiting is recorded as `inputs` (declined or cancelled), so the history
    /// stays well formed when the turn ends before them.
    void recordUnansweredCalls(std::string_view notDecided, std::string_view notCompleted,
                               DecidedBy pendingBy, InputDecision inputs);
    /// The transport ended the turn while it waited for tools (PROTOCOL.md: an error with the
    /// turn ends it whatever the client waits for): true when `requestId` is the turn's last
    /// request and no request is streaming.
    bool endsToolPhase(RequestId requestId) const
    {
        return s_.turn && requestId != 0 && s_.turn->requestId == 0 &&
               s_.turn->lastRequestId == requestId &&
               (s_.status == Status::ReviewingToolCall || s_.status == Status::RunningTool ||
                s_.status == Status::AwaitingInput);
    }
    /// Whether the open step's call `callId` is one its server runs once decided here
    /// (CallRunner::ServerAfterApproval): its decision is a SettleApproval effect, never a run.
    bool isServerDecided(const std::string& callId) const;
    /// The row of the active path that holds the call `callId`, newest first; noRow if none.
    std::size_t findCallRow(const std::string& callId) const;
    Approval stamped(Approval approval) const;
    /// The audit record of a running call, taken out of the turn (its tool message gets it).
    Approval takeDecision(const std::string& callId);

    State& s_;
    Outcome& out_;
    Environment& env_;

    /// The running compaction ends without a summary (CompactionEndEvent with `error`); with
    /// `cancelRequest` its request stops.
    void endCompaction(ErrorInfo error, bool cancelRequest);
    /// A summary of a conversation no longer shown would land unseen, in a state the runtime may
    /// let go: the running compaction, if any, stops.
    void stopCompactionOfLeftConversation();
    /// The open turn's next request (a continued reply's is RequestKind::Continuation).
    StartTurn request(std::int64_t delayMs);
    /// What a request sends of the rows before `end` (all of them for noRow): the system
    /// prompt, the last summary in place of what precedes it, the rows sent as they are
    /// (isSentAsIs()) but the open step's own row.
    std::vector<Message> requestHistory(std::size_t end = noRow) const;

private:
    void dropVersionsUnder(std::string_view parentId, std::string_view keep);
    PolicyVerdict verdict(const ToolCall& call) const;
};

/// `metadata` (JSON text of an object, or empty) with `callId` added to its `serverCalls`: the
/// calls of an assistant row that its server runs (CallRunner::Server, ServerAfterApproval).
std::string withServerCall(std::string_view metadata, const std::string& callId);
/// The ids the row's `metadata.serverCalls` lists.
std::vector<std::string> serverCallsOf(const Message& row);

// ---- the domains ------------------------------------------------------------------------------

/// The settings sub-model, State::settings (reduce_configuration.cpp).
class ConfigurationInputs : public Reduction {
public:
    using Reduction::Reduction;
    void operator()(const SetAutoAccept& a);
    void operator()(const SetToolPolicies& a);
    void operator()(const SetBusyPolicy& a) { s_.settings.busyPolicy = a.policy; }
    void operator()(const SetSystemPrompt& a);
    void operator()(const SetTools& a);
    void operator()(const SetMaxSteps& a);
    void operator()(const SetMaxRetries& a);
    void operator()(const SetMaxBackgroundTurns& a);

private:
    void redecide(bool toolsChanged = false)
    {
        if (!s_.turn)
            return;
        const bool denied = denyQuestionsByPolicy();
        if (!s_.pendingToolCalls.empty()) {
            redecidePending(toolsChanged);
        } else if (denied) {
            persist(s_.conversation.messages.size());
            settleToolPhase();
        }
    }
};

/// The conversation sub-model, State::conversation: add / set / clear / reset / delete, branch,
/// edit, regenerate, checkpoints, opening and switching conversations, the turns running in the
/// background (reduce_conversation.cpp). Message-carrying inputs are taken by
/// value when they arrive as rvalues (a conversation just loaded), so the history is moved in.
class ConversationInputs : public Reduction {
public:
    using Reduction::Reduction;
    void operator()(const Regenerate& a);
    void operator()(const Edit& a);
    void operator()(const Branch& a);
    void operator()(const SwitchVersion& a);
    void operator()(const Clear&);
    void operator()(const DeleteConversation&);
    void operator()(const AddUserMessage& a);
    void operator()(const AddMessages& a) { addMessages(a.messages); }
    void operator()(AddMessages&& a) { addMessages(std::move(a.messages)); }
    void operator()(const SetMessages& a) { setMessages(a.messages); }
    void operator()(SetMessages&& a) { setMessages(std::move(a.messages)); }
    void operator()(const Reset&);
    void operator()(const AddCheckpoint& a);
    void operator()(const RestoreCheckpoint& a);
    void operator()(const SwitchConversation& a)
    {
        switchTo(a.conversationId, a.messages, a.versions, a.loadError, a.approvals, a.queued);
    }
    void operator()(SwitchConversation&& a)
    {
        switchTo(a.conversationId, std::move(a.messages), std::move(a.versions), a.loadError,
                 a.approvals, std::move(a.queued));
    }
    void operator()(const OpenConversation& a);
    void operator()(const BackgroundEnded& a);

private:
    void addMessages(std::vector<Message> incoming);
    void setMessages(std::vector<Message> incoming);
    void switchTo(const std::string& conversationId, std::vector<Message> incoming,
                  Versions versions, const std::string& loadError, const ApprovalState& approvals,
                  std::vector<QueuedMessage> queued);
    bool validateIncoming(std::vector<Message>& incoming, bool appending);
    /// A stored tool phase comes back: the turn reopens waiting for the user.
    void reopenToolPhase(const ApprovalState& approvals);
    /// The open turn is left running (LeaveRunning, ShowBackground with keepLeft).
    void leaveRunning();
};

/// The context budget: the window, compaction and its summary rows, continuing a reply cut by
/// `length` (reduce_context.cpp). The meter itself is kept by afterReduce(), and the events of a
/// compaction's request by compactionEvent().
class ContextInputs : public Reduction {
public:
    using Reduction::Reduction;
    void operator()(const SetContextWindow& a);
    void operator()(const SetAutoCompact& a);
    void operator()(const Compact&) { startCompaction(false); }
    void operator()(const UndoCompaction& a);
    void operator()(const ContinueReply& a);

    /// A transport event of the running compaction's request: reduced here (true), never by
    /// the turn.
    bool compactionEvent(const Input& input);
    /// After every reduce that was not refused or dropped: the meter follows the history (O(1)
    /// for a text delta), thresholds are announced, a compaction whose conversation was left
    /// stops, and a reply that filled the window past autoCompact starts one.
    void afterReduce(const Input& input, const std::string& conversationBefore);

private:
    /// Starts a compaction; `automatic` ones are never refused, they just do not start.
    void startCompaction(bool automatic);
    void landSummary(const StreamEnded& e);
    /// The rows under `fromId` (a parent) are moved under `toId`, in the tree of versions.
    void reparent(const std::string& fromId, const std::string& toId);
    void shiftTurnRows(std::size_t from, std::ptrdiff_t by);
    void announceThresholds(bool silently);
};

/// The turn: send, abort, and the model's stream (started, text and reasoning deltas, end,
/// failure with its retries, handoff), with the announcements of the streaming reply
/// (reduce_turn.cpp).
class TurnInputs : public Reduction {
public:
    using Reduction::Reduction;
    void operator()(const Send& a);
    void operator()(const SendQueued&);
    void operator()(const CancelQueued& a);
    void operator()(const Abort&);
    void operator()(const StreamStarted& e);
    void operator()(const TextDelta& e);
    void operator()(const ReasoningDelta& e);
    void operator()(const StreamEnded& e);
    void operator()(const StreamFailed& e);
    void operator()(const Handoff& e);
    // The parts of a turn a server drives (reduce_serverturn.cpp).
    void operator()(const MessageStarted& e);
    void operator()(const ReconcileMessages& e);
    void operator()(const ServerActivity& e)
    {
        if (!isCurrent(e.requestId))
            dropped();
    }

private:
    void announcePhrases(const Message& m, std::size_t from, bool flush);
    void endToolPhase();
    void recordFinish(std::size_t row, const StreamEnded& e);
    void enqueue(const Send& a);
    void steer(const Send& a);
};

/// Tool calls: requested by the model, approved or denied by the user, their results
/// (reduce_tools.cpp; the auto-accept policy is applied there too).
class ToolInputs : public Reduction {
public:
    using Reduction::Reduction;
    void operator()(const ToolCallRequested& e);
    void operator()(const ApproveToolCall& a);
    void operator()(const DenyToolCall& a);
    void operator()(const ApproveAll& a);
    void operator()(const DenyAll& a);
    void operator()(const ToolResult& e);
    void operator()(const ToolProgress& e);
    void operator()(const ServerToolResult& e);
    // Questions (reduce_questions.cpp).
    void operator()(const AnswerInput& a);
    void operator()(const DeclineInput& a);
    void operator()(const CancelInput& a);
    void operator()(const RequestInput& a);
    void operator()(const WithdrawInput& a);

private:
    /// The index of the pending input `id` in the open turn, or none (rejected as unknown).
    std::optional<std::size_t> findInput(const std::string& id);
    /// Decides the pending input at `index`, writes what still waits and settles the phase.
    void settleInput(std::size_t index, InputDecision decision, const std::string& valueJson);
    std::vector<ToolCall>::iterator findPending(const std::string& callId);
    /// A call the server runs (CallRunner::Server) or decides with us (ServerAfterApproval).
    void serverCall(ToolCall call, CallRunner runner);
    /// The user's yes to a call its server runs: the decision goes back to it.
    void approveForServer(ToolCall call, const std::optional<std::string>& arguments);
    /// Edited arguments (now `call`'s) replace the asked ones on its row and in the step.
    void recordArguments(const ToolCall& call);
    bool hasCallId(const std::string& id) const;
    /// The user's approval of the pending call at `it` (arguments checked before).
    void approve(std::vector<ToolCall>::iterator it, ApprovalScope scope,
                 const std::optional<std::string>& arguments);
    void deny(std::vector<ToolCall>::iterator it, const std::string& reason);
    /// The scope's grant: the tool for the conversation, or its policy.
    void grant(const std::string& toolName, ApprovalScope scope);
};

} // namespace koder::agent::reduction
