// SPDX-License-Identifier: MIT
// The turn's inputs: send, abort, and the model's stream (started, text and reasoning deltas,
// end, failure, handoff), with the phrase-sized announcements of the streaming reply. The token
// path (TextDelta) is amortized O(1) and allocates nothing beyond the text's growth.
#include "errorcodes.h"
#include "finish.h"
#include "koder/agent/contextbudget.h"
#include "reduction.h"

#include <algorithm>
#include <array>
#include <utility>

namespace koder::agent::reduction {

namespace {
// Characters after which a streamed phrase is complete enough to announce.
constexpr std::array<bool, 256> phraseEndTable = [] {
    std::array<bool, 256> table{};
    for (char c : std::string_view(".!?;:\n"))
        table[static_cast<unsigned char>(c)] = true;
    return table;
}();
constexpr bool isPhraseEnd(char c)
{
    return phraseEndTable[static_cast<unsigned char>(c)];
}
// A phrase longer than this is announced even without punctuation.
constexpr std::size_t maxPhraseLength = 160;
} // namespace

void TurnInputs::operator()(const Send& a)
{
    if (tooManyTurns())
        return;
    if (s_.turn && s_.settings.busyPolicy == BusyPolicy::Reject)
        return reject(RejectReason::TurnInProgress);
    if (readOnly())
        return;
    if (a.text.empty() && a.attachments.empty())
        return reject(RejectReason::InvalidValue, "empty message");
    if (s_.turn) {
        switch (s_.settings.busyPolicy) {
        case BusyPolicy::Reject:
            break; // refused above
        case BusyPolicy::Queue:
            return enqueue(a);
        case BusyPolicy::Interrupt:
            cancelOpenTurn(true); // its one terminal event: aborted, the partial reply kept
            break;
        case BusyPolicy::Steer:
            return steer(a);
        }
    }
    ensureConversationId(); // before the message: ids are minted in this order
    sendMessage(newMessage(Role::User, a.text), a.attachments);
}

void TurnInputs::operator()(const SendQueued&)
{
    if (tooManyTurns())
        return;
    if (s_.turn)
        return reject(RejectReason::TurnInProgress);
    if (readOnly())
        return;
    if (s_.conversation.queued.empty())
        return reject(RejectReason::InvalidValue, "no message is queued");
    sendNextQueued();
}

void TurnInputs::operator()(const CancelQueued& a)
{
    const auto it = std::find_if(s_.conversation.queued.begin(), s_.conversation.queued.end(),
                                 [&](const QueuedMessage& q) { return q.id == a.id; });
    if (it == s_.conversation.queued.end())
        return reject(RejectReason::UnknownMessage, a.id);
    s_.conversation.queued.erase(it);
    persist(s_.conversation.messages.size());
}

// Not history yet, and no event: the message waits for the end of the turn.
void TurnInputs::enqueue(const Send& a)
{
    ensureConversationId();
    std::string id = freshMessageId();
    while (std::any_of(s_.conversation.queued.begin(), s_.conversation.queued.end(),
                       [&](const QueuedMessage& q) { return q.id == id; }))
        id = freshMessageId();
    s_.conversation.queued.push_back({id, a.text, a.attachments});
    out_.result = std::move(id);
    persist(s_.conversation.messages.size());
}

// The message joins the open turn: what the turn is doing stops (a streaming step is cut, its
// partial reply kept, even an empty one: removing it would cut into the tree of versions; the
// requests leave empty stopped replies out; calls waiting or running are answered as not run), the
// user message is appended and the same turn goes on with a new request. No second streamStart:
// still one terminal event for the whole turn.
void TurnInputs::steer(const Send& a)
{
    Turn& turn = *s_.turn;
    const std::size_t row = turn.stepRow;
    std::size_t writeFrom = s_.conversation.messages.size();
    cancelExternalInputs(); // the asker hears it: the turn goes another way
    clearProgress();        // on the step's row, before the next step's
    if (s_.status == Status::Streaming) {
        writeFrom = row; // the cut reply as it stands
        out_.effects.emplace_back(CancelTurn{turn.requestId, {}});
        turn.requestId = 0;
        Message& m = s_.conversation.messages[row];
        m.aborted = true;
        changed(row, Field::Aborted | Field::Streaming);
        for (const ToolCall& call : turn.stepCalls)
            if (!isServerDecided(call.id))
                appendToolMessage(call, "Not run: the user added a message first.", false, true,
                                  {call.id,
                                   Decision::Denied,
                                   ApprovalScope::Once,
                                   DecidedBy::User,
                                   0,
                                   false,
                                   {}});
    } else {
        out_.effects.emplace_back(CancelTurn{0, turn.running});
        recordUnansweredCalls("Denied: the user sent a new message instead.",
                              "Cancelled: the user sent a new message while the tool ran.",
                              DecidedBy::User, InputDecision::Declined);
    }
    turn.running.clear();
    turn.decided.clear();
    Message m = newMessage(Role::User, a.text);
    if (!a.attachments.empty())
        m.extras().attachments = a.attachments;
    const std::size_t userRow = append(std::move(m));
    out_.events.emplace_back(UserMessageEvent{s_.conversation.messages[userRow].id});
    announce(Announcement::Kind::MessageAdded, Politeness::Polite,
             s_.conversation.messages[userRow].id);
    startNextStep();
    persist(std::min(writeFrom, userRow));
}

void TurnInputs::operator()(const Abort&)
{
    if (!s_.turn && s_.compaction) // stop, with no reply running: the summary is not wanted
        return endCompaction({"cancelled", "The summary was stopped.", false, -1}, true);
    if (!s_.turn)
        return reject(RejectReason::NoTurn);
    cancelOpenTurn(true);
}

void TurnInputs::operator()(const StreamStarted& e)
{
    // The server took the request. Nothing changes; an observer (the debug log) may note it.
    if (!isCurrent(e.requestId))
        return dropped();
}

void TurnInputs::operator()(const TextDelta& e)
{
    if (!isCurrent(e.requestId))
        return dropped();
    const std::size_t row = s_.turn->stepRow;
    Message& m = s_.conversation.messages[row];
    const std::size_t offset = m.text.size();
    m.text.append(e.text);
    changed(row, Field::Text);
    out_.events.emplace_back(
        StreamTokenEvent{m.id, std::string_view(m.text).substr(offset, e.text.size())});
    announcePhrases(m, offset, false);
}

void TurnInputs::operator()(const ReasoningDelta& e)
{
    if (!isCurrent(e.requestId))
        return dropped();
    const std::size_t row = s_.turn->stepRow;
    Message& m = s_.conversation.messages[row];
    m.extras().reasoning.append(e.text);
    changed(row, Field::Reasoning);
}

void TurnInputs::operator()(const StreamEnded& e)
{
    if (endsToolPhase(e.requestId)) {
        endToolPhase();
        finishTurn(Status::Idle);
        return sendNextQueued();
    }
    if (!isCurrent(e.requestId))
        return dropped();
    if (e.finishReason.empty())
        return failStep({std::string(detail::incompleteStream),
                         "The stream ended before the model finished its reply.", true, -1},
                        ErrorVerdict::Default);
    Turn& turn = *s_.turn;
    const std::size_t row = turn.stepRow;
    turn.requestId = 0;
    recordFinish(row, e);
    announcePhrases(s_.conversation.messages[row], s_.conversation.messages[row].text.size(), true);
    out_.events.emplace_back(StepFinishEvent{s_.conversation.messages[row].id, turn.step,
                                             s_.conversation.messages[row].finishReason()});

    // A server that paused its run on a question (an AG-UI interrupt) goes on in the next
    // request once it is answered: the turn waits for it as it waits for tools.
    const bool asked =
        std::any_of(s_.pendingInputs.begin(), s_.pendingInputs.end(), [&](const PendingInput& p) {
            return std::find(turn.pausedOn.begin(), turn.pausedOn.end(), p.id) !=
                   turn.pausedOn.end();
        });
    if (turn.stepCalls.empty() && !asked) {
        finishTurn(Status::Idle);
        return sendNextQueued();
    }

    changed(row, Field::Streaming);
    s_.status = Status::RunningTool; // leaves Streaming before any tool message is added
    if (turn.step >= s_.settings.maxSteps) {
        for (const ToolCall& call : turn.stepCalls)
            if (!isServerDecided(call.id))
                appendToolMessage(call, "Not run: the turn reached its step limit.", true, false,
                                  {call.id,
                                   Decision::Denied,
                                   ApprovalScope::Once,
                                   DecidedBy::Policy,
                                   0,
                                   false,
                                   {}});
        return failTurn(
            {"step_limit",
             "The agent stopped after " + std::to_string(s_.settings.maxSteps) + " steps.", false,
             -1});
    }
    startToolPhase(row);
}

void TurnInputs::operator()(const StreamFailed& e)
{
    // Never retried here: a retry would send the turn again, and the server ended it.
    if (endsToolPhase(e.requestId)) {
        endToolPhase();
        return failTurn(e.error);
    }
    if (!isCurrent(e.requestId))
        return dropped();
    failStep(e.error, e.verdict);
}

void TurnInputs::operator()(const Handoff& e)
{
    if (endsToolPhase(e.requestId)) {
        endToolPhase();
        return finishTurn(Status::Handoff);
    }
    if (!isCurrent(e.requestId))
        return dropped();
    announcePhrases(s_.conversation.messages[s_.turn->stepRow], 0, true);
    finishTurn(Status::Handoff);
}

// The row keeps why its request ended and what it cost; a refusal is marked in its metadata.
void TurnInputs::recordFinish(std::size_t row, const StreamEnded& e)
{
    Message& m = s_.conversation.messages[row];
    MessageExtras& x = m.extras();
    Field fields = Field::FinishReason;
    const std::size_t own = s_.turn->continuedFrom.value_or(0); // a continued reply keeps its start
    if (e.text && std::string_view(m.text).substr(own) != *e.text) {
        m.text.resize(own);
        m.text += *e.text;
        fields |= Field::Text;
    }
    x.finishReason = normalizedFinishReason(e.finishReason, !s_.turn->stepCalls.empty());
    const bool refusal = isRefusal(x.finishReason);
    if (refusal || !e.metadata.empty()) {
        // The keys the core keeps for the context budget are its own, never the server's.
        x.metadata =
            detail::mergedMetadata(x.metadata, detail::withoutBudgetKeys(e.metadata), refusal);
        fields |= Field::Metadata;
    }
    if (!e.usage.empty()) {
        std::string context;
        if (s_.turn->continuedFrom && !x.usage.empty())
            context = detail::withEarlierUsage(x.metadata, x.usage);
        // The summary in force when the request went out (see settledContextTokens()).
        if (!s_.turn->sentUnder.empty())
            context = detail::withMember(context.empty() ? x.metadata : context, "boundary",
                                         s_.turn->sentUnder);
        if (!context.empty()) {
            x.metadata = std::move(context);
            fields |= Field::Metadata;
        }
        x.usage = e.usage;
        fields |= Field::Usage;
    }
    changed(row, fields);
}

// The transport ended the turn while calls waited for the user or ran: they are recorded as
// not run / not completed and the running tools are stopped; the request is over already.
void TurnInputs::endToolPhase()
{
    out_.effects.emplace_back(CancelTurn{0, s_.turn->running});
    recordUnansweredCalls("Not run: the turn ended before the call was decided.",
                          "Not completed: the turn ended while the tool ran.", DecidedBy::Policy,
                          InputDecision::Cancelled);
}

// Announces the streamed text up to the last phrase end inside the new part (from `from`), or all
// of it when `flush` or when the unannounced part grew past maxPhraseLength.
void TurnInputs::announcePhrases(const Message& m, std::size_t from, bool flush)
{
    std::size_t& done = s_.turn->announcedUpTo;
    const std::string& text = m.text;
    std::size_t upTo = done;
    if (flush || text.size() - done >= maxPhraseLength) {
        upTo = text.size();
    } else {
        // Only the new part is scanned, newest first: the cost per token is its length.
        const std::size_t start = std::max(from, done);
        for (std::size_t i = text.size(); i > start; --i) {
            if (isPhraseEnd(text[i - 1])) {
                upTo = i;
                break;
            }
        }
    }
    if (upTo > done) {
        announce(Announcement::Kind::ReplyText, Politeness::Polite, m.id, done, upTo - done);
        done = upTo;
    }
}

} // namespace koder::agent::reduction
