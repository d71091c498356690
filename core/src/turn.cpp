// SPDX-License-Identifier: MIT
// The open turn's lifecycle, shared by the domains that start or end turns: opening one, the
// requests of its steps, retries, and its one terminal event (end, error or aborted).
#include "koder/agent/contextbudget.h"
#include "reduction.h"

#include <algorithm>
#include <utility>

namespace koder::agent::reduction {

std::vector<Message> Reduction::requestHistory(std::size_t end) const
{
    const std::vector<Message>& path = s_.conversation.messages;
    end = std::min(end, path.size());
    std::vector<Message> history;
    history.reserve(end + 2);
    if (!s_.settings.systemPrompt.empty())
        history.emplace_back("system-prompt", Role::System, s_.settings.systemPrompt);
    // The last summary is a boundary: what lies before it is sent as the summary, a user
    // message marked as context (it is model output, drawn from tool results and pages: never
    // a system message's authority).
    const std::size_t boundary = lastSummaryRow(path, end);
    if (boundary != noRow)
        history.emplace_back(path[boundary].id, Role::User, summaryPromptText(path[boundary].text));
    const std::size_t skip = s_.turn ? s_.turn->stepRow : noRow;
    for (std::size_t i = boundary == noRow ? 0 : boundary + 1; i < end; ++i)
        if (i != skip && isSentAsIs(path[i]))
            history.push_back(path[i]);
    return history;
}

StartTurn Reduction::request(std::int64_t delayMs)
{
    Turn& turn = *s_.turn;
    turn.requestId = s_.nextRequestId++;
    turn.lastRequestId = turn.requestId;
    StartTurn start;
    start.requestId = turn.requestId;
    start.conversationId = s_.conversation.id;
    start.history = requestHistory();
    start.step = turn.step;
    start.attempt = turn.attempt;
    start.delayMs = delayMs;
    const std::size_t boundary = lastSummaryRow(s_.conversation.messages);
    turn.sentUnder = boundary == noRow ? std::string() : s_.conversation.messages[boundary].id;
    if (turn.continuedFrom) {
        // The cut reply goes last, to be continued (its text as it was before this turn).
        start.kind = RequestKind::Continuation;
        start.history.push_back(s_.conversation.messages[turn.stepRow]);
    }
    return start;
}

void Reduction::sendMessage(Message m, const std::string& attachments)
{
    ensureConversationId();
    if (!attachments.empty())
        m.extras().attachments = attachments;
    const std::size_t row = append(std::move(m));
    out_.events.emplace_back(UserMessageEvent{s_.conversation.messages[row].id});
    startTurn();
    persist(row);
}

void Reduction::sendNextQueued()
{
    if (s_.conversation.queued.empty() || s_.turn || !s_.conversation.loadError.empty())
        return;
    QueuedMessage next = std::move(s_.conversation.queued.front());
    s_.conversation.queued.erase(s_.conversation.queued.begin());
    Message m = newMessage(Role::User, std::move(next.text));
    if (findMessage(s_, next.id) == noRow && !s_.conversation.versions.find(next.id))
        m.id = std::move(next.id); // the id it was queued under
    sendMessage(std::move(m), next.attachments);
}

void Reduction::startTurn()
{
    ensureConversationId();
    s_.lastError.reset();
    s_.turn.emplace();
    const std::size_t row = append(newMessage(Role::Assistant, {}));
    s_.turn->stepRow = row;
    s_.turn->stepFirstRow = row;
    s_.status = Status::Streaming;
    out_.effects.emplace_back(request(0));
    out_.events.emplace_back(StreamStartEvent{s_.conversation.messages[row].id});
    announce(Announcement::Kind::ReplyStarted, Politeness::Polite,
             s_.conversation.messages[row].id);
}

void Reduction::startNextStep()
{
    Turn& turn = *s_.turn;
    ++turn.step;
    turn.attempt = 0;
    turn.announcedUpTo = 0;
    turn.stepCalls.clear();
    turn.serverDecides.clear();
    turn.pausedOn.clear();
    turn.continuedFrom.reset();
    const std::size_t row = append(newMessage(Role::Assistant, {}));
    turn.stepRow = row;
    turn.stepFirstRow = row;
    s_.status = Status::Streaming;
    out_.effects.emplace_back(request(0));
}

void Reduction::finishTurn(Status status)
{
    const std::size_t row = s_.turn->stepRow;
    const std::string id = s_.conversation.messages[row].id;
    cancelExternalInputs();
    clearProgress();
    changed(row, Field::Streaming);
    s_.status = status;
    s_.turn.reset();
    persist(row);
    announce(Announcement::Kind::ReplyFinished, Politeness::Polite, id);
    out_.events.emplace_back(StreamEndEvent{id});
}

void Reduction::failTurn(ErrorInfo error)
{
    const std::size_t row = s_.turn->stepRow;
    cancelExternalInputs();
    clearProgress();
    Message& m = s_.conversation.messages[row];
    m.extras().error = error.message;
    changed(row, Field::Error | Field::Streaming);
    s_.status = Status::Error;
    s_.lastError = error;
    s_.turn.reset();
    s_.pendingToolCalls.clear();
    s_.pendingInputs.clear();
    persist(row);
    announce(Announcement::Kind::Error, Politeness::Assertive, m.id);
    out_.events.emplace_back(ErrorEvent{m.id, std::move(error)});
}

void Reduction::failStep(const ErrorInfo& error, ErrorVerdict verdict)
{
    Turn& turn = *s_.turn;
    const RetryPolicy policy{s_.settings.maxRetries, RetryPolicy{}.hookRetryLimit,
                             RetryPolicy{}.baseDelayMs, RetryPolicy{}.maxDelayMs};
    const RetryDecision decision = decideRetry(policy, error, turn.attempt, verdict);
    if (!decision.retry)
        return failTurn(error);
    // The failed attempt's partial output is discarded; the retry streams afresh. A server that
    // opened more rows (MessageStarted, ServerToolResult) loses them too.
    if (turn.stepFirstRow != noRow && turn.stepFirstRow < turn.stepRow) {
        truncateAfter(turn.stepFirstRow);
        turn.stepRow = turn.stepFirstRow;
        Message& first = s_.conversation.messages[turn.stepRow];
        if (first.role != Role::Assistant) { // a server's row took the reply's place
            first = newMessage(Role::Assistant, {});
            changed(turn.stepRow, Field::Id | Field::Role | Field::Text | Field::ToolCallId |
                                      Field::ToolName | Field::IsError | Field::Metadata |
                                      Field::CreatedAt | Field::Streaming);
        } else {
            changed(turn.stepRow, Field::Streaming);
        }
        persist(turn.stepRow);
    } else if (turn.stepRow + 1 < s_.conversation.messages.size()) {
        truncateAfter(turn.stepRow);
        persist(turn.stepRow);
    }
    const std::size_t row = turn.stepRow;
    Message& m = s_.conversation.messages[row];
    Field fields = Field::None;
    const std::size_t keep = turn.continuedFrom.value_or(0); // a continued reply's own text
    if (m.text.size() > keep) {
        m.text.resize(keep);
        fields |= Field::Text;
    }
    if (!turn.continuedFrom && (!m.reasoning().empty() || !m.toolCalls().empty())) {
        m.extras().reasoning.clear();
        m.extras().toolCalls.clear();
        fields |= Field::Reasoning | Field::ToolCalls;
    }
    if (fields != Field::None)
        changed(row, fields);
    turn.stepCalls.clear();
    turn.serverDecides.clear();
    turn.announcedUpTo = keep; // a continued reply's own text was said before
    ++turn.attempt;
    out_.effects.emplace_back(request(decision.delayMs));
}

// With `keepRecord` (a user's stop), unanswered calls get a cancelled tool message so the history
// stays well formed; otherwise the caller is about to drop or replace the history anyway.
void Reduction::cancelOpenTurn(bool keepRecord)
{
    if (!s_.turn)
        return;
    Turn& turn = *s_.turn;
    const std::size_t row = turn.stepRow;
    out_.effects.emplace_back(CancelTurn{turn.lastRequestId, turn.running});
    Message& m = s_.conversation.messages[row];
    const std::string id = m.id;
    Field fields = Field::None;
    if (s_.status == Status::Streaming)
        fields |= Field::Streaming;
    if (!m.aborted) {
        m.aborted = true;
        fields |= Field::Aborted;
    }
    if (fields != Field::None)
        changed(row, fields);
    s_.status = Status::Interrupted;
    if (keepRecord)
        recordUnansweredCalls("Cancelled: the turn was stopped.",
                              "Cancelled: the turn was stopped while the tool ran.",
                              DecidedBy::User, InputDecision::Cancelled);
    cancelExternalInputs();
    clearProgress();
    s_.pendingToolCalls.clear();
    s_.pendingInputs.clear();
    s_.turn.reset();
    if (keepRecord)
        persist(row);
    announce(Announcement::Kind::Stopped, Politeness::Polite, id);
    out_.events.emplace_back(AbortedEvent{id});
}

} // namespace koder::agent::reduction
