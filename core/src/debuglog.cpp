// SPDX-License-Identifier: MIT
#include "koder/agent/debuglog.h"

#include "errorcodes.h"
#include "koder/agent/outcome.h"
#include "koder/agent/overloaded.h"
#include "koder/agent/state.h"

/*!
    \class koder::agent::DebugEntry
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/debuglog.h
    \brief One compact entry of a \l {koder::agent::DebugLog}{DebugLog}.
*/

/*!
    \variable koder::agent::DebugEntry::seq

    The entry's sequence number: the log's \l {koder::agent::DebugLog::seq()}{seq()} when the
    entry was last written (a folded repeat renumbers it). Increases from 1.
*/

/*!
    \variable koder::agent::DebugEntry::kind

    What happened, a static string such as \c "send", \c "tokens", \c "toolCall" or
    \c "error" (the list is in \l {koder::agent::DebugLog}{DebugLog}).
*/

/*!
    \variable koder::agent::DebugEntry::subject

    What it happened to, as fits the kind: a message id, a call id, a conversation id or an
    error code; may be empty.
*/

/*!
    \variable koder::agent::DebugEntry::repeat

    How many times it happened in a row (repeats of the same kind and subject fold into one
    entry), or, for \c "tokens", how many text deltas the step streamed. At least 1.
*/

/*!
    \fn bool koder::agent::DebugEntry::operator==(const koder::agent::DebugEntry &a, const koder::agent::DebugEntry &b)

    Returns \c true when \a a and \a b are equal in every member.
*/

/*!
    \class koder::agent::DebugLog
    \inmodule KoderAgentCore
    \inheaderfile koder/agent/debuglog.h
    \brief The compact event log of a conversation surface, for debug panels.

    A bounded ring of \l {koder::agent::DebugEntry}{entries}: the oldest is dropped first, and
    an event of the same kind and subject as the newest entry folds into it, counting the
    repeats.

    The log observes; it is not part of the state, and the reducer knows nothing of it. Whoever
    runs the reducer feeds it every input with its outcome and the state after it (a
    \l {koder::agent::Runtime}{Runtime} does so for the shown conversation, see
    \l {koder::agent::Runtime::debugLog()}{Runtime::debugLog()}):

    \code
    reduce(state, input, out, env);
    log.record(input, out, state);
    \endcode

    The kinds of entry, with their subject in brackets:

    \table
    \header \li Kind \li Entries
    \row \li Actions \li \c send [the user message], \c steer [the user message], \c queue
         [the queued id], \c sendQueued, \c cancelQueued, \c regenerate, \c edit, \c restore
         [the message named], \c switchVersion, \c branch [the new conversation], \c abort
         [the turn's first reply], \c clear, \c delete, \c reset, \c switch [the conversation],
         \c checkpoint [the new message], \c compact [the first row kept],
         \c undoCompaction [the summary], \c continueReply [the reply], \c approve,
         \c deny [the call], \c approveAll,
         \c denyAll, \c toolResult, \c toolProgress [the call] (a call's reports in a row fold
         into one entry), \c answerInput, \c declineInput, \c cancelInput, \c requestInput,
         \c withdrawInput [the question]
    \row \li Turn milestones \li \c started, \c reasoning, \c stepEnd, \c step, \c end
         [the reply message], \c toolCall [the call], \c retry, \c error [the error code],
         \c handoff [the target]
    \row \li Text \li \c tokens [the reply message]: a step's text deltas as one entry counting
         them, written when the step ends, fails or is cut off
    \row \li Compaction \li \c compactionEnd [the summary, or the error code when it made
         none]
    \row \li Other \li \c dropped: a transport event of a stale request, or a tool result
         nobody waits for
    \endtable

    A rejected input leaves no entry. \c Reset empties the log before its own entry.
*/

/*!
    \fn koder::agent::DebugLog::DebugLog(std::size_t capacity = 256)

    Constructs an empty log that keeps at most \a capacity entries (at least 1).
*/

/*!
    \fn std::size_t koder::agent::DebugLog::size() const

    Returns the number of entries kept, at most \l {koder::agent::DebugLog::capacity()}{capacity()}.
*/

/*!
    \fn std::size_t koder::agent::DebugLog::capacity() const

    Returns the most entries the log keeps.
*/

/*!
    \fn std::uint64_t koder::agent::DebugLog::seq() const

    Returns how many entries were written so far, folded repeats included: the newest entry's
    \c seq, 0 before any. A panel that shows the log refreshes when it changes.
*/

namespace koder::agent {

namespace {

template<class T>
const T* findEvent(const Outcome& out)
{
    for (const Event& e : out.events)
        if (const T* found = std::get_if<T>(&e))
            return found;
    return nullptr;
}

template<class T>
const T* findEffect(const Outcome& out)
{
    for (const Effect& e : out.effects)
        if (const T* found = std::get_if<T>(&e))
            return found;
    return nullptr;
}

// The message the open turn's current step streams into.
std::string_view stepMessage(const State& s)
{
    if (!s.turn || s.turn->stepRow >= s.conversation.messages.size())
        return {};
    return s.conversation.messages[s.turn->stepRow].id;
}

// The message of the step a stream event ended or failed: the outcome names it, or the turn
// retries it.
std::string_view endedStep(const Outcome& out, const State& after)
{
    if (const auto* step = findEvent<StepFinishEvent>(out))
        return step->messageId;
    if (const auto* error = findEvent<ErrorEvent>(out))
        return error->messageId;
    if (const auto* end = findEvent<StreamEndEvent>(out))
        return end->messageId;
    return stepMessage(after);
}

} // namespace

/*!
    Records what reducing \a input did: \a out is the outcome reduce() reported, \a after the
    state it left. \a input may be the moved-from input of a reduce() that took it by rvalue:
    only fields the reducer never moves are read. A text delta costs O(1) and allocates
    nothing.
*/
void DebugLog::record(const Input& input, const Outcome& out, const State& after)
{
    if (out.rejected())
        return;
    if (out.dropped)
        return append("dropped", {});
    if (std::holds_alternative<TextDelta>(input))
        return countToken(out); // the token path, ahead of the visitor's set-up
    // A compaction's own request ending is no step of the turn: its entry alone.
    if (const auto* compaction = findEvent<CompactionEndEvent>(out);
        compaction &&
        (std::holds_alternative<StreamEnded>(input) ||
         std::holds_alternative<StreamFailed>(input) || std::holds_alternative<Handoff>(input))) {
        append("compactionEnd",
               compaction->messageId.empty() ? compaction->error.code : compaction->messageId);
        return;
    }
    // By type, like the reducer: an input not decided on here does not compile.
    std::visit(
        overloaded{
            // ---- the turn
            [&](const Send&) {
                cutOff(out); // the busy policy "interrupt" stopped the open turn
                if (const auto* user = findEvent<UserMessageEvent>(out))
                    append(findEvent<StreamStartEvent>(out) ? "send" : "steer", user->messageId);
                else if (!out.result.empty())
                    append("queue", out.result);
                noteTurnStart(out);
            },
            [&](const SendQueued&) {
                if (const auto* user = findEvent<UserMessageEvent>(out))
                    append("sendQueued", user->messageId);
                noteTurnStart(out);
            },
            [&](const CancelQueued& a) { append("cancelQueued", a.id); },
            [&](const Abort&) {
                const auto* aborted = findEvent<AbortedEvent>(out);
                append("abort", !turnFirstMessage_.empty() ? std::string_view(turnFirstMessage_)
                                : aborted                  ? std::string_view(aborted->messageId)
                                                           : std::string_view());
                cutOff(out);
            },
            [&](const StreamStarted&) { append("started", stepMessage(after)); },
            [](const TextDelta&) {}, // countToken, above
            [&](const ReasoningDelta&) { append("reasoning", stepMessage(after)); },
            [&](const StreamEnded&) {
                flushTokens(endedStep(out, after));
                if (const auto* step = findEvent<StepFinishEvent>(out))
                    append("stepEnd", step->messageId);
                // Only a stream ended without a finish reason is retried.
                turnMilestones(out, after, detail::incompleteStream);
                // A queued message goes out once the turn ended.
                if (const auto* user = findEvent<UserMessageEvent>(out)) {
                    append("sendQueued", user->messageId);
                    noteTurnStart(out);
                }
            },
            [&](const StreamFailed& e) {
                flushTokens(endedStep(out, after));
                turnMilestones(out, after, e.error.code);
            },
            [&](const Handoff& e) {
                flushTokens(endedStep(out, after));
                append("handoff", e.target);
                turnMilestones(out, after, {});
            },
            [&](const MessageStarted&) { append("messageStarted", stepMessage(after)); },
            [&](const ServerActivity& e) {
                // The kind as a literal: the log keeps views of static strings only.
                append(e.kind == "stepStarted"    ? "serverStepStarted"
                       : e.kind == "stepFinished" ? "serverStepFinished"
                                                  : "serverActivity",
                       e.name);
            },
            [&](const ReconcileMessages& e) {
                append("reconcileMessages", std::to_string(e.messages.size()));
            },
            // ---- tools
            [&](const ServerToolResult& e) { append("serverToolResult", e.callId); },
            [&](const ToolCallRequested&) {
                if (const auto* call = findEvent<ToolCallEvent>(out))
                    append("toolCall", call->call.id);
            },
            [&](const ApproveToolCall& a) {
                append("approve", a.callId);
                turnMilestones(out, after, {});
            },
            [&](const DenyToolCall& a) {
                append("deny", a.callId);
                turnMilestones(out, after, {});
            },
            [&](const ApproveAll&) {
                append("approveAll", {});
                turnMilestones(out, after, {});
            },
            [&](const DenyAll&) {
                append("denyAll", {});
                turnMilestones(out, after, {});
            },
            // The input's id only: an answer is the user's words, kept out of logs.
            [&](const AnswerInput& a) {
                append("answerInput", a.id);
                turnMilestones(out, after, {});
            },
            [&](const DeclineInput& a) {
                append("declineInput", a.id);
                turnMilestones(out, after, {});
            },
            [&](const CancelInput& a) {
                append("cancelInput", a.id);
                turnMilestones(out, after, {});
            },
            [&](const ToolResult& e) {
                append("toolResult", e.callId);
                turnMilestones(out, after, {});
            },
            [&](const ToolProgress& e) { append("toolProgress", e.callId); },
            // The question's id only: its message and schema may be the user's business.
            [&](const RequestInput& a) { append("requestInput", a.input.id); },
            [&](const WithdrawInput& a) {
                append("withdrawInput", a.id);
                turnMilestones(out, after, {});
            },
            // ---- configuration
            [&](const SetAutoAccept&) { turnMilestones(out, after, {}); },
            [&](const SetToolPolicies&) { turnMilestones(out, after, {}); },
            [](const SetBusyPolicy&) {},
            [](const SetSystemPrompt&) {},
            [&](const SetTools&) { turnMilestones(out, after, {}); },
            [](const SetMaxSteps&) {},
            [](const SetMaxRetries&) {},
            [](const SetMaxBackgroundTurns&) {},
            [](const SetContextWindow&) {},
            [](const SetAutoCompact&) {},
            // ---- context budget
            [&](const Compact&) {
                if (after.compaction)
                    append("compact", after.compaction->firstKeptId);
            },
            [&](const UndoCompaction& a) { append("undoCompaction", a.messageId); },
            [&](const ContinueReply& a) {
                append("continueReply", a.messageId);
                noteTurnStart(out);
            },
            // ---- conversation
            [&](const Regenerate& a) {
                append("regenerate", a.messageId);
                cutOff(out);
                noteTurnStart(out);
            },
            [&](const Edit& a) {
                append("edit", a.messageId);
                cutOff(out);
                noteTurnStart(out);
            },
            [&](const Branch&) { append("branch", out.result); },
            [&](const SwitchVersion& a) { append("switchVersion", a.messageId); },
            [&](const Clear&) {
                append("clear", after.conversation.id);
                cutOff(out);
            },
            [&](const DeleteConversation&) {
                // The conversation deleted, not the new one the state moved on to.
                const auto* deleted = findEffect<DeleteStoredConversation>(out);
                append("delete",
                       deleted ? std::string_view(deleted->conversationId) : std::string_view());
                cutOff(out);
            },
            [](const AddUserMessage&) {},
            [](const AddMessages&) {},
            [&](const SetMessages&) { cutOff(out); },
            [&](const Reset&) {
                // A turn left running: the new conversation is the one shown next.
                const auto* left = findEffect<LeaveRunning>(out);
                cutOff(out);
                clear();
                append("reset", left ? std::string_view(left->nextConversationId)
                                     : std::string_view(after.conversation.id));
            },
            [&](const OpenConversation& a) { append("open", a.conversationId); },
            [](const BackgroundEnded&) {},
            [&](const AddCheckpoint&) {
                append("checkpoint", after.conversation.messages.empty()
                                         ? std::string_view()
                                         : after.conversation.messages.back().id);
            },
            [&](const RestoreCheckpoint& a) { append("restore", a.messageId); },
            [&](const SwitchConversation&) {
                cutOff(out);
                append("switch", after.conversation.id);
            },
        },
        input);
    if (!after.turn && !turnFirstMessage_.empty())
        turnFirstMessage_.clear();
}

// A text delta: counted, written as one entry with the step's others when the step ends (its
// message is named then, by the outcome that ends the step: nothing is copied per token).
void DebugLog::countToken(const Outcome& out)
{
    if (!out.events.empty() && std::holds_alternative<StreamTokenEvent>(out.events.front()))
        ++tokens_;
}

// The step's text deltas as one entry, naming the step's message.
void DebugLog::flushTokens(std::string_view message)
{
    if (tokens_ > 0)
        append("tokens", message, tokens_);
    tokens_ = 0;
}

// An open turn was cut off (aborted, or its history dropped): its step's deltas are written.
void DebugLog::cutOff(const Outcome& out)
{
    if (const auto* aborted = findEvent<AbortedEvent>(out))
        flushTokens(aborted->messageId);
}

// What became of the turn: a retry of the step, the next step, or its end.
void DebugLog::turnMilestones(const Outcome& out, const State& after, std::string_view retryCode)
{
    for (const Effect& e : out.effects) {
        if (const auto* start = std::get_if<StartTurn>(&e)) {
            if (start->attempt > 0)
                append("retry", retryCode);
            else if (start->step > 1)
                append("step", stepMessage(after));
        }
    }
    for (const Event& e : out.events) {
        if (const auto* error = std::get_if<ErrorEvent>(&e))
            append("error", error->error.code);
        else if (const auto* end = std::get_if<StreamEndEvent>(&e))
            append("end", end->messageId);
    }
}

void DebugLog::noteTurnStart(const Outcome& out)
{
    if (const auto* start = findEvent<StreamStartEvent>(out))
        turnFirstMessage_ = start->messageId;
}

/*!
    Writes an entry of one's own, of kind \a kind about \a subject (say, a hook that failed).
    \a kind must be a string with static storage: the entry keeps a view of it. \a times > 1
    records that many at once.
*/
void DebugLog::append(std::string_view kind, std::string_view subject, std::uint64_t times)
{
    ++seq_;
    if (last_ < ring_.size()) {
        DebugEntry& last = ring_[last_];
        if (last.kind == kind && last.subject == subject) {
            last.repeat += times;
            last.seq = seq_;
            return;
        }
    }
    if (ring_.size() < capacity_) {
        ring_.push_back(DebugEntry{seq_, kind, std::string(subject), times});
        last_ = ring_.size() - 1;
        return;
    }
    DebugEntry& slot = ring_[head_];
    slot.seq = seq_;
    slot.kind = kind;
    slot.subject.assign(subject);
    slot.repeat = times;
    last_ = head_;
    head_ = (head_ + 1) % capacity_;
}

/*!
    Returns the entries kept, oldest first.
*/
std::vector<DebugEntry> DebugLog::entries() const
{
    std::vector<DebugEntry> out;
    out.reserve(ring_.size());
    for (std::size_t i = 0; i < ring_.size(); ++i)
        out.push_back(ring_[(head_ + i) % ring_.size()]);
    return out;
}

/*!
    Empties the ring. \l {koder::agent::DebugLog::seq()}{seq()} keeps counting, and the text
    deltas of a step not yet written stay counted.
*/
void DebugLog::clear()
{
    ring_.clear();
    head_ = 0;
    last_ = static_cast<std::size_t>(-1);
}

} // namespace koder::agent
